import type { Db } from '../db/index.ts'
import { DAY, iso } from './rows.ts'

/** Company news posts, each in English and Spanish. Dates are days before the seed date. */
export interface NewsSeed {
  slug: string
  daysAgo: number
  en: { title: string; summary: string; body: string[] }
  es: { title: string; summary: string; body: string[] }
}

export const newsPosts: NewsSeed[] = [
  {
    slug: 'plus-membership-now-covers-streaming',
    daysAgo: 6,
    en: {
      title: 'Plus membership now covers streaming subscriptions',
      summary: 'Plus members can claim a monthly rebate on one streaming service starting this month.',
      body: [
        'Starting this month, Plus members can claim a rebate on one streaming subscription every month. Link the account you already pay for, and the rebate shows up in your account once the charge is confirmed.',
        'The rebate applies to the major video and music services in the United States, Canada and the United Kingdom. Members keep the rebate even if they change services from one month to the next.',
        'Nothing changes in the price of Plus. Members who joined on a trial get the benefit from their first paid month.',
      ],
    },
    es: {
      title: 'La membresía Plus ahora cubre suscripciones de streaming',
      summary:
        'Los miembros Plus pueden reclamar un reembolso mensual por un servicio de streaming a partir de este mes.',
      body: [
        'A partir de este mes, los miembros Plus pueden reclamar cada mes un reembolso por una suscripción de streaming. Vincula la cuenta que ya pagas y el reembolso aparecerá en tu cuenta cuando se confirme el cargo.',
        'El reembolso se aplica a los principales servicios de video y música en Estados Unidos, Canadá y el Reino Unido. Los miembros conservan el reembolso aunque cambien de servicio de un mes a otro.',
        'El precio de Plus no cambia. Quienes se unieron con una prueba obtienen el beneficio desde su primer mes pagado.',
      ],
    },
  },
  {
    slug: 'faster-cash-back-confirmations',
    daysAgo: 15,
    en: {
      title: 'Cash back now confirms up to two weeks faster',
      summary: 'New reporting links with our largest stores cut the typical confirmation time.',
      body: [
        'We rebuilt how purchases are reported by our largest partner stores. For most of them, cash back now moves from pending to confirmed up to two weeks sooner than last year.',
        'Every store page now shows the typical time to confirmation, based on the last twelve months of confirmed purchases, so you know what to expect before you shop.',
      ],
    },
    es: {
      title: 'El reembolso en efectivo ahora se confirma hasta dos semanas antes',
      summary:
        'Nuevos enlaces de reporte con nuestras tiendas más grandes reducen el tiempo típico de confirmación.',
      body: [
        'Rehicimos la forma en que nuestras tiendas asociadas más grandes reportan las compras. En la mayoría, el reembolso pasa de pendiente a confirmado hasta dos semanas antes que el año pasado.',
        'Cada página de tienda ahora muestra el tiempo típico de confirmación, basado en los últimos doce meses de compras confirmadas, para que sepas qué esperar antes de comprar.',
      ],
    },
  },
  {
    slug: 'spanish-site-launch',
    daysAgo: 29,
    en: {
      title: 'The whole site is now available in Spanish',
      summary: 'Every page, email and help article can now be read in Spanish.',
      body: [
        'Members can now switch the whole site to Spanish from the footer. The choice is remembered on the device, and emails follow the language set in account settings.',
        'The translation was done by native speakers, not by a machine, and covers the help center and the terms of every offer.',
      ],
    },
    es: {
      title: 'Todo el sitio ya está disponible en español',
      summary: 'Cada página, correo y artículo de ayuda ahora se puede leer en español.',
      body: [
        'Los miembros ahora pueden cambiar todo el sitio a español desde el pie de página. La elección se recuerda en el dispositivo y los correos siguen el idioma configurado en la cuenta.',
        'La traducción la hicieron hablantes nativos, no una máquina, y cubre el centro de ayuda y los términos de cada oferta.',
      ],
    },
  },
  {
    slug: 'coins-for-surveys-doubled-weekends',
    daysAgo: 41,
    en: {
      title: 'Double coins on weekend surveys this season',
      summary:
        'Surveys completed on Saturdays and Sundays earn twice the usual coins until the end of the season.',
      body: [
        'From now until the end of the season, every survey completed on a Saturday or Sunday earns double coins. The bonus is added automatically when the survey partner confirms completion.',
        'Each survey card shows the estimated minutes and the share of members screened out, so you can pick the ones worth your time.',
      ],
    },
    es: {
      title: 'Monedas dobles en encuestas de fin de semana esta temporada',
      summary:
        'Las encuestas completadas en sábado y domingo ganan el doble de monedas hasta el final de la temporada.',
      body: [
        'Desde ahora y hasta el final de la temporada, cada encuesta completada en sábado o domingo gana el doble de monedas. El bono se agrega automáticamente cuando el socio de la encuesta confirma la finalización.',
        'Cada tarjeta de encuesta muestra los minutos estimados y el porcentaje de miembros descartados, para que elijas las que valen tu tiempo.',
      ],
    },
  },
  {
    slug: 'order-protection-expands-to-canada',
    daysAgo: 58,
    en: {
      title: 'Order protection expands to Canada',
      summary: 'Members in Canada can now claim for lost, stolen or damaged packages.',
      body: [
        'Order protection, which covers packages that are lost, stolen or arrive damaged, is now available to members in Canada.',
        'Claims are filed from the protection section of the account. Most are decided within five business days once the order number and a photo or carrier note are provided.',
      ],
    },
    es: {
      title: 'La protección de pedidos llega a Canadá',
      summary: 'Los miembros en Canadá ahora pueden reclamar por paquetes perdidos, robados o dañados.',
      body: [
        'La protección de pedidos, que cubre paquetes perdidos, robados o que llegan dañados, ya está disponible para los miembros en Canadá.',
        'Las reclamaciones se presentan desde la sección de protección de la cuenta. La mayoría se resuelve en cinco días hábiles una vez que se entregan el número de pedido y una foto o nota del transportista.',
      ],
    },
  },
  {
    slug: 'new-mobile-app-release',
    daysAgo: 73,
    en: {
      title: 'A new mobile app, rebuilt from the ground up',
      summary: 'The redesigned app shows rebates, coins and subscriptions on one screen.',
      body: [
        'Our new mobile app puts pending rebates, your coin balance and your subscriptions on one dashboard. It opens in under a second on most phones.',
        'The app is free on both major app stores. Members who sign in with the same account see the same balance on the web and on the phone.',
      ],
    },
    es: {
      title: 'Una nueva aplicación móvil, reconstruida desde cero',
      summary: 'La aplicación rediseñada muestra reembolsos, monedas y suscripciones en una sola pantalla.',
      body: [
        'Nuestra nueva aplicación móvil reúne los reembolsos pendientes, tu saldo de monedas y tus suscripciones en un solo panel. Se abre en menos de un segundo en la mayoría de los teléfonos.',
        'La aplicación es gratuita en las dos principales tiendas de aplicaciones. Los miembros que inician sesión con la misma cuenta ven el mismo saldo en la web y en el teléfono.',
      ],
    },
  },
  {
    slug: 'grocery-rebates-more-stores',
    daysAgo: 96,
    en: {
      title: 'Grocery delivery rebates now at more stores',
      summary: 'Delivery fee rebates now cover four more grocery chains.',
      body: [
        'Members who order groceries for delivery can now get their delivery fees back at four more chains, bringing the total to more than a dozen across our markets.',
        'As before, the rebate covers the delivery and service fees, not the groceries themselves, and is credited once the order is delivered.',
      ],
    },
    es: {
      title: 'Reembolsos de entrega de supermercado en más tiendas',
      summary: 'Los reembolsos de tarifas de entrega ahora cubren cuatro cadenas de supermercados más.',
      body: [
        'Los miembros que piden el supermercado a domicilio ahora pueden recuperar las tarifas de entrega en cuatro cadenas más, con lo que el total supera la docena en nuestros mercados.',
        'Como antes, el reembolso cubre las tarifas de entrega y de servicio, no los productos, y se acredita cuando se entrega el pedido.',
      ],
    },
  },
  {
    slug: 'security-update-sign-in',
    daysAgo: 118,
    en: {
      title: 'A safer sign-in for every member',
      summary: 'We upgraded password storage and now sign you out everywhere after a password reset.',
      body: [
        'We moved every password to a stronger, memory-hard hashing scheme and added limits on repeated sign-in attempts.',
        'When you reset your password, every other session is now signed out automatically. If you did not ask for a reset, you can ignore the email: nothing changes until the link is used.',
      ],
    },
    es: {
      title: 'Un inicio de sesión más seguro para cada miembro',
      summary:
        'Mejoramos el almacenamiento de contraseñas y ahora cerramos todas las sesiones tras restablecer la contraseña.',
      body: [
        'Pasamos todas las contraseñas a un esquema de cifrado más fuerte y agregamos límites a los intentos repetidos de inicio de sesión.',
        'Cuando restableces tu contraseña, todas las demás sesiones se cierran automáticamente. Si no pediste el cambio, puedes ignorar el correo: nada cambia hasta que se usa el enlace.',
      ],
    },
  },
  {
    slug: 'gift-card-payouts',
    daysAgo: 140,
    en: {
      title: 'Withdraw cash back as a gift card, with a bonus',
      summary: 'Choosing a gift card instead of a bank transfer now adds 5 percent to the amount.',
      body: [
        'Members can now take their cash back as a gift card from more than thirty brands. A gift card payout adds 5 percent to the amount withdrawn.',
        'Gift cards are delivered by email within minutes and appear in the gift card history of the account.',
      ],
    },
    es: {
      title: 'Retira tu reembolso como tarjeta de regalo, con bono',
      summary:
        'Elegir una tarjeta de regalo en lugar de una transferencia ahora agrega un 5 por ciento al monto.',
      body: [
        'Los miembros ahora pueden recibir su reembolso como tarjeta de regalo de más de treinta marcas. El pago con tarjeta de regalo agrega un 5 por ciento al monto retirado.',
        'Las tarjetas de regalo se envían por correo en minutos y aparecen en el historial de tarjetas de regalo de la cuenta.',
      ],
    },
  },
  {
    slug: 'browser-extension-update',
    daysAgo: 167,
    en: {
      title: 'The browser extension now finds coupons at checkout',
      summary: 'The updated extension tests known coupon codes for you before you pay.',
      body: [
        'The latest version of our browser extension tries the codes we know for a store at checkout and keeps the one that saves the most.',
        'It also reminds you to activate cash back when you visit a partner store. The extension reads only the pages of partner stores.',
      ],
    },
    es: {
      title: 'La extensión del navegador ahora encuentra cupones al pagar',
      summary: 'La extensión actualizada prueba por ti los códigos de cupón conocidos antes de pagar.',
      body: [
        'La última versión de nuestra extensión prueba los códigos que conocemos de una tienda al pagar y se queda con el que más ahorra.',
        'También te recuerda activar el reembolso cuando visitas una tienda asociada. La extensión solo lee las páginas de las tiendas asociadas.',
      ],
    },
  },
  {
    slug: 'record-year-for-members',
    daysAgo: 210,
    en: {
      title: 'Members earned a record amount last year',
      summary: 'Cash back, rebates and coins paid to members grew by a third.',
      body: [
        'Last year our members earned more than ever: cash back, fee rebates and coin rewards together grew by about a third over the year before.',
        'Food delivery and rideshare rebates grew fastest, followed by streaming. Thank you for shopping with us.',
      ],
    },
    es: {
      title: 'Los miembros ganaron una cantidad récord el año pasado',
      summary: 'El reembolso, las devoluciones y las monedas pagadas a los miembros crecieron un tercio.',
      body: [
        'El año pasado nuestros miembros ganaron más que nunca: el reembolso en efectivo, los reembolsos de tarifas y las recompensas en monedas crecieron en conjunto alrededor de un tercio respecto al año anterior.',
        'Los reembolsos de entrega de comida y de viajes compartidos crecieron más rápido, seguidos por el streaming. Gracias por comprar con nosotros.',
      ],
    },
  },
  {
    slug: 'partner-program-launch',
    daysAgo: 255,
    en: {
      title: 'Introducing our partner program for publishers',
      summary: 'Publishers and creators can now offer our membership to their audience.',
      body: [
        'Our partner program lets publishers, creators and shipping companies offer the membership with their own branding and terms.',
        'Partners get a dashboard with sign-ups and conversions, and members of a partner keep every benefit of the regular membership.',
      ],
    },
    es: {
      title: 'Presentamos nuestro programa de socios para editores',
      summary: 'Los editores y creadores ahora pueden ofrecer nuestra membresía a su público.',
      body: [
        'Nuestro programa de socios permite a editores, creadores y empresas de envío ofrecer la membresía con su propia marca y términos.',
        'Los socios obtienen un panel con registros y conversiones, y los miembros de un socio conservan todos los beneficios de la membresía regular.',
      ],
    },
  },
]

/** The news posts, a row per language, dated `daysAgo` before `now`. */
export async function seedNews(db: Db, now: number) {
  const news: Record<string, unknown>[] = []
  for (const p of newsPosts) {
    for (const lang of ['en', 'es'] as const) {
      const t = p[lang]
      news.push({
        slug: p.slug,
        lang,
        title: t.title,
        summary: t.summary,
        body: t.body,
        published_at: iso(now - p.daysAgo * DAY),
      })
    }
  }
  await db.query('INSERT INTO news SELECT * FROM json_populate_recordset(null::news, $1::json)', [
    JSON.stringify(news),
  ])
}

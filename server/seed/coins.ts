import type { Db } from '../db/index.ts'
import { type Rand, slugify } from '../lib/rand.ts'
import { bulkInsert } from './rows.ts'

/**
 * A database seeded before the coins postbacks (issue 14) has the old seed's surveys and offers on
 * made-up platforms (example.com links): they move to the development platform, so the coins loop
 * works there too. Rows of real partners are never touched.
 */
export async function moveSeedToDevPlatform(db: Db) {
  await db.query(
    `UPDATE surveys SET platform = 'devsurvey', click_url = '/dev-platform/survey'
     WHERE click_url = '/survey/internal/complete' OR click_url LIKE 'https://www.example.com/survey/%'`,
  )
  await db.query(
    `UPDATE offers SET network = 'devsurvey'
     WHERE network IS NULL AND offer_type IN ('APP', 'GAME') AND click_url LIKE 'https://www.example.com/offer/%'`,
  )
}

/** APP and GAME offers paying coins, on the development platform. */
export async function seedCoinOffers(db: Db, R: Rand, small: boolean) {
  const offers: Record<string, unknown>[] = []
  const apps = [
    'Budget Buddy',
    'Word Garden',
    'Stepcount',
    'QuickQuiz',
    'Recipe Box',
    'Photo Vault',
    'Sleep Well',
  ]
  const games = [
    'Tile Kingdom',
    'Farm Story',
    'Solitaire Sky',
    'Bubble Pop',
    'Castle Rush',
    'Merge Island',
    'Chess Club',
  ]
  const nOffers = small ? 6 : 40
  for (let k = 0; k < nOffers; k++) {
    const a = apps[k % apps.length] as string
    const ios = R.chance(0.5) ? 1 : 0
    offers.push({
      offer_type: 'APP',
      display_name: `${a}${k >= apps.length ? ` ${Math.floor(k / apps.length) + 1}` : ''}`,
      display_description: `Install ${a} and open it within 7 days.`,
      offer_description: `Install ${a}, create a free account and keep the app for 7 days. Coins are credited once the app partner confirms the install, usually within 48 hours. New users of the app only.`,
      image: `/api/logos/${slugify(a)}.svg`,
      coins_advertised: R.int(2, 30) * 100,
      click_url: `https://www.example.com/offer/app/${k}`,
      for_ios: ios,
      app_container: ios ? 'ios' : 'android',
      popularity: R.int(1, 1000),
      network: 'devsurvey',
    })
    const g = games[k % games.length] as string
    offers.push({
      offer_type: 'GAME',
      display_name: `${g}${k >= games.length ? ` ${Math.floor(k / games.length) + 1}` : ''}`,
      display_description: `Reach level ${R.int(10, 40)} in ${g}.`,
      offer_description: `Download ${g} and reach the target level within 14 days of install. Progress is reported by the game publisher. Coins are credited when the level is confirmed.`,
      image: `/api/logos/${slugify(g)}.svg`,
      coins_advertised: R.int(10, 120) * 100,
      click_url: `https://www.example.com/offer/game/${k}`,
      for_ios: R.chance(0.5) ? 1 : 0,
      app_container: null,
      popularity: R.int(1, 1000),
      network: 'devsurvey',
    })
  }
  await bulkInsert(db, 'offers', offers)
}

/**
 * Surveys: the first is the onboarding survey that unlocks the others. All run on the development
 * platform (config/coins.json `devsurvey`), so the whole loop works on one machine; some need a
 * verified phone, some ask targeting questions (keys of targeting_questions, migration 005).
 */
export async function seedSurveys(db: Db, R: Rand, small: boolean) {
  const topics = [
    'Shopping habits',
    'Streaming',
    'Travel plans',
    'Groceries',
    'Cars',
    'Health',
    'Technology',
    'Pets',
  ]
  const targetings: Record<string, string[]>[] = [
    { age: ['25_34', '35_49'], car: ['yes'] },
    { pets: ['dog', 'cat'] },
    { employment: ['full_time', 'part_time'] },
    { household: ['3_4', '5_plus'], age: ['25_34', '35_49', '50_64'] },
    { car: ['yes'] },
    { age: ['18_24', '25_34'], employment: ['student', 'part_time'] },
  ]
  const surveys: Record<string, unknown>[] = [
    {
      platform: 'devsurvey',
      title: 'Tell us about yourself',
      coins_advertised: 500,
      minutes: 3,
      screen_out_percent: 0,
      is_onboarding: true,
      click_url: '/dev-platform/survey',
    },
  ]
  const nSurveys = small ? 5 : 40
  for (let k = 0; k < nSurveys; k++) {
    // small seed: k=0 plain, k=1 needs a phone, k=2 and k=3 targeting; full: 2 with a phone, 6 targeted
    const phone = small ? k === 1 : k === 3 || k === 14
    const tIdx = small ? (k === 2 ? 0 : k === 3 ? 4 : -1) : k % 6 === 5 ? (k - 5) / 6 : -1
    const targeting = tIdx >= 0 && tIdx < targetings.length ? targetings[tIdx] : {}
    surveys.push({
      platform: 'devsurvey',
      title: `${topics[k % topics.length]} survey`,
      coins_advertised: R.int(3, 40) * 25,
      minutes: R.int(3, 25),
      screen_out_percent: R.int(5, 60),
      is_onboarding: false,
      needs_phone: phone,
      targeting,
      click_url: '/dev-platform/survey',
    })
  }
  await bulkInsert(db, 'surveys', surveys)
}

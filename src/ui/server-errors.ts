/*
 * Apart from useForm.ts (which pulls in Field.tsx) so that code which only sorts a reply's errors
 * (the auth texts, loaded at start-up with the sign-in overlay) does not carry the form kit.
 */

/**
 * The `errors` object of a server reply ({ field: [messages] }) split for a form: the first message of
 * each field the form has, and the first of the others as one form-level text; `text` turns a server
 * message (and its field, to look up the code the server sent for it) into what is shown.
 */
export function splitServerErrors(
  errors: Record<string, readonly string[]> | undefined,
  fields: readonly string[],
  text: (message: string, field: string) => string = (m) => m,
): { fields: Record<string, string>; form: string | null } {
  const out: Record<string, string> = {}
  let form: string | null = null
  for (const [k, list] of Object.entries(errors ?? {})) {
    const msg = list[0]
    if (!msg) continue
    if (fields.includes(k)) out[k] ??= text(msg, k)
    else form ??= text(msg, k)
  }
  return { fields: out, form }
}

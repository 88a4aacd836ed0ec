/**
 * CSV as networks write it (RFC 4180): a header line, comma-separated cells, cells in double quotes
 * may hold commas, line breaks and doubled quotes (""). Each record keeps the line it starts on, so a
 * refused row can be named the way a person finds it in the file.
 */
export interface CsvRecord {
  /** The line (1-based) the record starts on. */
  line: number
  cells: string[]
}

export function parseCsv(text: string): CsvRecord[] {
  const out: CsvRecord[] = []
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  let line = 1
  let start = 1
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let any = false
  const endCell = () => {
    cells.push(cell)
    cell = ''
  }
  const endRecord = () => {
    endCell()
    // a blank line is no record
    if (any || cells.length > 1 || cells[0] !== '') out.push({ line: start, cells })
    cells = []
    any = false
  }
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else {
        if (c === '\n') line++
        cell += c
      }
      continue
    }
    if (c === '"') {
      quoted = true
      any = true
    } else if (c === ',') endCell()
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++
      endRecord()
      line++
      start = line
    } else cell += c
  }
  if (cell !== '' || cells.length || any) endRecord()
  return out
}

/**
 * Dollars as a member types them ('12.50', '$1,250', '12,50') in cents, or null when it is not an
 * amount with at most 2 decimals.
 */
export function parseDollars(text: string): number | null {
  let v = text.trim().replace(/^\$/, '').replace(/\s/g, '')
  // '12,50' (a decimal comma) but not '1,250' (a thousands comma)
  if (/^\d+,\d{1,2}$/.test(v)) v = v.replace(',', '.')
  else v = v.replace(/,(?=\d{3}(\D|$))/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null
  const [whole = '0', frac = ''] = v.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

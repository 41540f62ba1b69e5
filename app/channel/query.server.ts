/* Query strings in the channel's bracket notation:
   { 'color-settings': { client_interface: 'web' } } → color-settings[client_interface]=web,
   { ids: [1, 2] } → ids[]=1&ids[]=2. Brackets stay literal (the spec writes them so); keys and
   values are otherwise percent-encoded. undefined, null and '' are left out. */

const enc = (s: string) => encodeURIComponent(s).replace(/%5B/gi, '[').replace(/%5D/gi, ']');

function pairs(prefix: string, value: unknown, out: string[]): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    for (const item of value) pairs(`${prefix}[]`, item, out);
  } else if (value instanceof Date) {
    out.push(`${prefix}=${encodeURIComponent(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) pairs(`${prefix}[${enc(key)}]`, inner, out);
  } else {
    out.push(`${prefix}=${encodeURIComponent(String(value))}`);
  }
}

export function toQueryString(params: Record<string, unknown>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) pairs(enc(key), value, out);
  return out.join('&');
}

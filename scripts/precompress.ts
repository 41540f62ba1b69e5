/* Part of `npm run build` (after the compile hints, which change the scripts): every file of
   public/ that the `compression` middleware would compress is written beside itself as `x.br`
   (Brotli 11) and `x.gz` (gzip 9), the copies server/static-files.ts serves (ADR 031). Copies
   whose file is gone are removed. Pictures and media are never compressed again. */
import fs from 'node:fs';
import path from 'node:path';
import { compressOnce } from '../server/encoding.ts';
import { worthCompressing } from '../server/static-files.ts';

const root = path.resolve(process.argv[2] ?? 'public');

const entries = fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[];
const all = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

let stale = 0;
for (const copy of all.filter((f) => f.endsWith('.br') || f.endsWith('.gz'))) {
  if (!fs.existsSync(copy.slice(0, -3))) {
    fs.rmSync(copy);
    stale++;
  }
}

const targets = all.filter((f) => !f.endsWith('.br') && !f.endsWith('.gz') && worthCompressing(f, fs.statSync(f).size));
let [raw, br, gzip] = [0, 0, 0];
// A few at a time: Brotli 11 runs in the thread pool, one file per thread.
const queue = [...targets];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const body = fs.readFileSync(file);
      const encoded = await compressOnce(body, /\.(js|css|html|svg|json|txt|map)$/.test(file) ? 'text' : 'generic');
      fs.writeFileSync(`${file}.br`, encoded.br);
      fs.writeFileSync(`${file}.gz`, encoded.gzip);
      raw += body.length;
      br += encoded.br.length;
      gzip += encoded.gzip.length;
    }
  }),
);

const kb = (n: number) => `${Math.round(n / 1024)} KB`;
console.log(
  `precompress: ${targets.length} files of ${path.relative(process.cwd(), root) || '.'}: ${kb(raw)} → ${kb(br)} Brotli, ${kb(gzip)} gzip` +
    (stale ? `; ${stale} stale copies removed` : ''),
);

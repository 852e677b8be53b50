// Compresses the built browser assets once, at build time, at the highest settings (brotli 11, gzip 9), so
// that @fastify/static (preCompressed) sends the .br or .gz file instead of compressing on every request.
//   node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs <dir>');
let count = 0;
let before = 0;
let after = 0;
for (const file of files(dir)) {
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gzip = gzipSync(content, { level: 9 });
  // Small files too (a few hundred bytes of a shared chunk are still a third smaller); never a bigger one.
  if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  count++;
  before += content.length;
  after += Math.min(brotli.length, content.length);
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);

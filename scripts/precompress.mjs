// Compresses the built browser assets once, at build time, at the highest settings (brotli 11, gzip 9), so
// that @fastify/static (preCompressed) sends the .br or .gz file instead of compressing on every request.
//   node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size >= MIN_BYTES) yield file;
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
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
  before += content.length;
  after += brotli.length;
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);

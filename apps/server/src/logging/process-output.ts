import { warningLine } from './log-errors.js';

// Imported first by main.ts, before any module that warns while it loads (the AWS SDK warns about Node 20 over six
// lines): Node's own printer writes a warning as plain lines on stderr, and in the journal every line the shop
// writes is one JSON object. Its listener goes; each warning is one pino line at level warn instead.
process.removeAllListeners('warning');
process.on('warning', (warning) => process.stderr.write(warningLine(warning)));

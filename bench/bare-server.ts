// The yardstick: a bare Fastify route answering a small JSON envelope, on the same machine and Node.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, data: { status: 'ok' } }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`bare listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

// The yardsticks: bare Fastify routes on the same machine and Node. `/bare` answers a tiny envelope;
// `/bare-sized?bytes=N` answers a prepared JSON body of N bytes, so that a large answer of ours can be
// compared with the cost of merely sending (and the load generator reading) as many bytes.
import Fastify from 'fastify';

const bodies = new Map<number, string>();
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (!body) {
    const filler = 'x'.repeat(Math.max(0, bytes - 40));
    body = JSON.stringify({ success: true, data: { filler } });
    bodies.set(bytes, body);
  }
  return body;
}

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, data: { status: 'ok' } }));
app.get<{ Querystring: { bytes?: string } }>('/bare-sized', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyOf(Math.min(Number(request.query.bytes ?? 0) || 0, 1_000_000))),
);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`bare listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

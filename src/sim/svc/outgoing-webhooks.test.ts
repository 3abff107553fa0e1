import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '.';
import {
  configureOutgoingWebhook,
  outgoingWebhookAttempts,
  outgoingWebhooksSettled,
  setOutgoingWebhookTransport,
} from './outgoing-webhooks';

let sim: SvcSimulator;
let received: { url: string; body: Record<string, unknown> }[];
let answer: () => Response;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0, controlApi: true });
  received = [];
  answer = () => Response.json({ response_not_required: true });
  setOutgoingWebhookTransport(sim.store, {
    fetch: async (request) => {
      received.push({ url: request.url, body: (await request.json()) as Record<string, unknown> });
      return answer();
    },
    log: () => undefined,
  });
});

const MEMBER = 'member@demo.test';
const BOT = 'standup-bot@demo.test';
const bot = () => sim.store.userByDeliveryEmail(BOT)!;

function send(content: string, topic = 'standup') {
  return callSim(sim, 'POST', '/messages', { as: MEMBER, params: { type: 'stream', to: 'general', topic, content } });
}

function topicContents(topic: string) {
  return [...sim.store.messages.values()].filter((m) => m.topic === topic).map((m) => [m.senderId, m.content]);
}

describe('outgoing-webhook bots', () => {
  it('have one fixed alphanumeric token, readable with the control API, which also sets the URL', async () => {
    const first = configureOutgoingWebhook(sim.store, BOT);
    expect(first.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(first.url).toBeNull();
    expect(configureOutgoingWebhook(sim.store, BOT).token).toBe(first.token);
    // The same demo realm has the same token on every start.
    expect(configureOutgoingWebhook(createSvcSimulator({ generatedUsers: 0 }).store, BOT).token).toBe(first.token);

    const res = await sim.fetch(
      new Request('http://sim.test/__sim/outgoing-webhook', {
        method: 'POST',
        body: new URLSearchParams({ bot_email: BOT, url: 'http://hooks.test/in' }),
      }),
    );
    expect(await res.json()).toMatchObject({ result: 'success', token: first.token, url: 'http://hooks.test/in' });
    expect(() => configureOutgoingWebhook(sim.store, 'deploy-bot@demo.test', 'http://x.test')).toThrow(RangeError);
    expect(() => configureOutgoingWebhook(sim.store, BOT, 'ftp://x.test')).toThrow(RangeError);
    const refused = await sim.fetch(
      new Request('http://sim.test/__sim/outgoing-webhook', {
        method: 'POST',
        body: new URLSearchParams({ bot_email: 'nobody@demo.test' }),
      }),
    );
    expect(refused.status).toBe(400);
  });

  it('POSTs the documented notification when a message mentions the bot, after the send answers', async () => {
    const { token } = configureOutgoingWebhook(sim.store, BOT, 'http://hooks.test/in');
    const content = `@**${bot().fullName}** what is up? *today*`;
    const res = await send(content);
    expect(res.status).toBe(200);
    await outgoingWebhooksSettled(sim.store);
    expect(received).toHaveLength(1);
    const [{ url, body }] = received as [(typeof received)[number]];
    expect(url).toBe('http://hooks.test/in');
    expect(body).toMatchObject({
      bot_email: BOT,
      bot_full_name: bot().fullName,
      data: content,
      trigger: 'mention',
      token,
      message: {
        id: res.body.id,
        type: 'stream',
        content,
        display_recipient: 'general',
        subject: 'standup',
        sender_email: MEMBER,
      },
    });
    expect((body.message as Record<string, unknown>).rendered_content).toContain('class="user-mention"');
    expect(body.message).not.toHaveProperty('flags');
  });

  it('ignores messages that do not mention it, silent mentions, and bots without a URL', async () => {
    await send(`@**${bot().fullName}** nobody listens yet`);
    configureOutgoingWebhook(sim.store, BOT, 'http://hooks.test/in');
    await send('no mention here');
    await send(`@_**${bot().fullName}** silently`);
    await send(`**${bot().fullName}** is not a mention`);
    await outgoingWebhooksSettled(sim.store);
    expect(received).toHaveLength(0);
  });

  it('posts a reply with content as the bot in the same topic, and nothing for response_not_required', async () => {
    configureOutgoingWebhook(sim.store, BOT, 'http://hooks.test/in');
    answer = () => Response.json({ content: `Noted, @**${bot().fullName}** here` });
    await send(`@**${bot().fullName}** ping`, 'replies');
    await outgoingWebhooksSettled(sim.store);
    // The bot's reply mentions itself but triggers nothing (no loops).
    expect(received).toHaveLength(1);
    expect(topicContents('replies')).toEqual([
      [sim.store.userByDeliveryEmail(MEMBER)!.user_id, `@**${bot().fullName}** ping`],
      [bot().user_id, `Noted, @**${bot().fullName}** here`],
    ]);

    answer = () => Response.json({ content: 'ignored', response_not_required: true });
    await send(`@**${bot().fullName}** again`, 'quiet');
    answer = () => new Response('oops', { status: 500 });
    await send(`@**${bot().fullName}** fail`, 'quiet');
    await outgoingWebhooksSettled(sim.store);
    expect(topicContents('quiet')).toHaveLength(2);
    expect(outgoingWebhookAttempts(sim.store).at(-1)).toMatchObject({ status: 500, replied: false });
  });
});

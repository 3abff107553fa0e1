/**
 * The part of the official JavaScript client (`zulip-js`, which ships no types) that the differential test
 * drives. Every call resolves with the server's JSON answer, whatever its status.
 */
declare module 'zulip-js' {
  type Params = Record<string, unknown>;
  type Answer = Promise<Record<string, unknown>>;
  type Call = (params?: Params) => Answer;

  export interface ZulipClient {
    config: { apiKey: string; username: string; realm: string };
    server: { settings: Call };
    users: {
      retrieve: Call;
      create: Call;
      me: {
        getProfile: () => Answer;
        subscriptions: { add: Call; remove: Call };
        alertWords: { retrieve: Call };
      };
    };
    streams: {
      retrieve: Call;
      getStreamId: (params: Params | string) => Answer;
      subscriptions: { retrieve: Call };
      topics: { retrieve: Call };
      deleteById: Call;
    };
    messages: {
      retrieve: Call;
      send: Call;
      render: (params: Params | string) => Answer;
      update: Call;
      flags: { add: Call; remove: Call };
      getById: Call;
      getHistoryById: Call;
      deleteById: Call;
    };
    reactions: { add: Call; remove: Call };
    queues: { register: Call; deregister: Call };
    events: { retrieve: Call };
    emojis: { retrieve: Call };
    filters: { retrieve: Call };
    typing: { send: Call };
  }

  export interface ZulipConfig {
    realm: string;
    username: string;
    apiKey?: string;
    password?: string;
  }

  export default function zulip(config: ZulipConfig): Promise<ZulipClient>;
}

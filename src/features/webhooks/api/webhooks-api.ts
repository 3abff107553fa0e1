import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { usePeople, type Person } from '../../../client/people';
import { activeChannels, useChannelList } from '../../../client/reference-data/channels';
import type { Channel } from '../../../shared/svc/channels';
import { svc } from '../../../client/svc-client';
import {
  OUTGOING_WEBHOOK_BOT_TYPE,
  webhooksApi,
  type CreateEndpointRequest,
  type ReplyTemplate,
} from '../../../shared/bff/webhooks';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';

/** Every query key of this area starts here. */
export const webhooksRootKey = ['webhooks'] as const;

/** How often an open endpoint asks for new deliveries. */
export const DELIVERIES_POLL_MS = 1_500;

export interface OutgoingWebhookBot {
  userId: number;
  fullName: string;
  email: string;
  isActive: boolean;
}

// Defined once, so the directory's query keeps the list until the people change.
const outgoingWebhookBots = (people: Person[]): OutgoingWebhookBot[] =>
  people
    .filter((p) => p.is_bot && p.bot_type === OUTGOING_WEBHOOK_BOT_TYPE)
    .map((p) => ({ userId: p.user_id, fullName: p.full_name, email: p.email, isActive: p.is_active }))
    .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.fullName.localeCompare(b.fullName));

/** The organization's outgoing-webhook bots (active ones first), from the people directory. */
export function useOutgoingWebhookBots() {
  return usePeople(outgoingWebhookBots);
}

export const endpointsQueryOptions = queryOptions({
  queryKey: [...webhooksRootKey, 'endpoints'] as const,
  queryFn: async ({ signal }) => (await bffCall(webhooksApi.endpoints, { signal })).endpoints,
  // Delivery counts move while deliveries arrive.
  refetchInterval: DELIVERIES_POLL_MS * 2,
});

export function useWebhookEndpoints() {
  return useQuery(endpointsQueryOptions);
}

/**
 * An endpoint's kept deliveries and the receiver's refusals, newest first, polled while shown so new ones
 * appear as they arrive.
 */
export function useDeliveries(endpointId: string) {
  return useQuery({
    queryKey: [...webhooksRootKey, 'deliveries', endpointId] as const,
    queryFn: async ({ signal }) => bffCall(webhooksApi.deliveries, { params: { id: endpointId }, signal }),
    refetchInterval: DELIVERIES_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

function useInvalidateEndpoints() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: endpointsQueryOptions.queryKey });
}

export function useCreateEndpoint() {
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: async (input: CreateEndpointRequest) => (await bffCall(webhooksApi.create, { body: input })).endpoint,
    onSuccess: invalidate,
  });
}

/** Demo only: an endpoint for the simulator's bot, with the bot pointed at it, in one request. */
export function useDemoConnect() {
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: async (botUserId: number) => (await bffCall(webhooksApi.demoConnect, { body: { botUserId } })).endpoint,
    onSuccess: invalidate,
  });
}

export function useUpdateReply() {
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: async ({ id, reply }: { id: string; reply: ReplyTemplate }) =>
      (await bffCall(webhooksApi.update, { params: { id }, body: { reply } })).endpoint,
    onSuccess: invalidate,
  });
}

export function useDeleteEndpoint() {
  const invalidate = useInvalidateEndpoints();
  return useMutation({
    mutationFn: async (id: string) => {
      await bffCall(webhooksApi.remove, { params: { id } });
    },
    onSuccess: invalidate,
  });
}

/** Channels one can post a test message to: not archived, public or subscribed. */
const testChannels = (channels: Channel[]) =>
  activeChannels(channels)
    .map((s) => ({ streamId: s.stream_id, name: s.name }))
    .sort((a, b) => a.name.localeCompare(b.name));

export function useTestChannels() {
  return useChannelList(false, testChannels);
}

export type SendMessageParams = ParamsOf<typeof svcOps.sendMessage>;

/** `POST /messages` through the console's chat-service path (audited like any other chat mutation). */
export function useSendTestMessage() {
  return useMutation({ mutationFn: (params: SendMessageParams) => svc(svcOps.sendMessage, params) });
}

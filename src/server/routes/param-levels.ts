import { paramsMayBeRespelled, spellParams } from '../../shared/svc/api-changes';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { SvcOperation } from '../../shared/svc/op';
import { newerParam } from '../../shared/svc/params';
import type { BffDeps } from '../app-types';

export interface ParamLevelRefusal {
  status: 400 | 502;
  envelope: ReturnType<typeof errorEnvelope>;
}

/**
 * A call's parameters as the connected server's level takes them, in one look at its level (the server-settings
 * cache), only for calls that need it:
 *  - a parameter the server takes only from a newer level (the operation's `paramLevels`) is refused: such a
 *    server would ignore it and still do the rest (deactivate without deleting the spam);
 *  - the newest spelling the browser speaks becomes the server's own (api-changes.ts), and a value its level does
 *    not have is refused with the level it needs.
 */
export async function paramsForServer(
  deps: Pick<BffDeps, 'serverInfo'>,
  op: Pick<SvcOperation, 'id' | 'paramLevels'>,
  params: Readonly<Record<string, unknown>>,
): Promise<{ ok: true; params: Record<string, unknown> } | { ok: false; refusal: ParamLevelRefusal }> {
  const gated = Object.keys(op.paramLevels ?? {}).filter((name) => params[name] !== undefined);
  const respell = paramsMayBeRespelled(op.id);
  if (gated.length === 0 && !respell) return { ok: true, params: { ...params } };
  const server = await deps.serverInfo.get();
  if (!server.info) {
    const msg =
      gated.length > 0
        ? `The chat server's feature level could not be read, so the console cannot tell whether it takes this change: ${server.error ?? 'no answer'}`
        : `The chat server's feature level could not be read, so this change cannot be spelled for it: ${server.error ?? 'no answer'}`;
    const envelope = errorEnvelope(bffErrorCodes.upstreamUnavailable, msg, { field: gated[0] ?? null });
    return { ok: false, refusal: { status: 502, envelope } };
  }
  const level = server.info.featureLevel;
  const newer = newerParam(op, params, level);
  if (newer) {
    const envelope = errorEnvelope(bffErrorCodes.invalidParams, newer.msg, { field: newer.field });
    return { ok: false, refusal: { status: 400, envelope } };
  }
  const spelled = spellParams(op.id, { ...params }, level);
  if (spelled.ok) return spelled;
  const envelope = errorEnvelope(bffErrorCodes.invalidParams, spelled.msg, { field: spelled.field });
  return { ok: false, refusal: { status: 400, envelope } };
}

import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { SvcOperation } from '../../shared/svc/op';
import { newerParam } from '../../shared/svc/params';
import type { BffDeps } from '../app-types';

export interface ParamLevelRefusal {
  status: 400 | 502;
  envelope: ReturnType<typeof errorEnvelope>;
}

/**
 * Refuses a parameter the connected server takes only from a newer feature level (the operation's
 * `paramLevels`): such a server would ignore it and still do the rest (deactivate without deleting the spam,
 * save a profile field without its matching setting). Only calls that carry such a parameter need the level.
 */
export async function refuseNewerParams(
  deps: Pick<BffDeps, 'serverInfo'>,
  op: Pick<SvcOperation, 'paramLevels'>,
  params: Readonly<Record<string, unknown>>,
): Promise<ParamLevelRefusal | null> {
  const gated = Object.keys(op.paramLevels ?? {}).filter((name) => params[name] !== undefined);
  if (gated.length === 0) return null;
  const server = await deps.serverInfo.get();
  if (!server.info) {
    return {
      status: 502,
      envelope: errorEnvelope(
        bffErrorCodes.upstreamUnavailable,
        `The chat server's feature level could not be read, so the console cannot tell whether it takes this change: ${server.error ?? 'no answer'}`,
        { field: gated[0] ?? null },
      ),
    };
  }
  const newer = newerParam(op, params, server.info.featureLevel);
  if (!newer) return null;
  return { status: 400, envelope: errorEnvelope(bffErrorCodes.invalidParams, newer.msg, { field: newer.field }) };
}

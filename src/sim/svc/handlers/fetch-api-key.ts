import { svcOps } from '../../../shared/svc';
import { fetchApiKey } from '../auth';
import { publicHandler } from '../handler';

// `user_id` joined the response at this level.
const USER_ID_LEVEL = 171;

export const fetchApiKeyHandlers = [
  publicHandler(svcOps.fetchApiKey, ({ core, params }) => {
    const user = fetchApiKey(core.store, params.username, params.password);
    return {
      api_key: user.apiKey,
      email: user.deliveryEmail,
      ...(core.store.featureLevel >= USER_ID_LEVEL ? { user_id: user.user_id } : {}),
    };
  }),
];

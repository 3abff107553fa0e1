import { fetchApiKey } from '../auth';
import { endpoint, publicHandler } from '../handler';
import { text } from '../param-spec';

// `user_id` joined the response at this level.
const USER_ID_LEVEL = 171;

export const fetchApiKeyHandlers = [
  publicHandler(
    endpoint({ method: 'POST', path: '/fetch_api_key', params: { username: text(), password: text() } }),
    ({ core, params }) => {
      const user = fetchApiKey(core.store, params.username, params.password);
      return {
        api_key: user.apiKey,
        email: user.deliveryEmail,
        ...(core.store.featureLevel >= USER_ID_LEVEL ? { user_id: user.user_id } : {}),
      };
    },
  ),
];

import { endpoint, publicHandler } from '../handler';

// `realm_url` replaced `realm_uri` at this level; the old name is still sent.
const REALM_URL_LEVEL = 257;

export const serverSettingsHandlers = [
  publicHandler(endpoint({ method: 'GET', path: '/server_settings', params: {} }), ({ core }) => {
    const { store, settings } = core;
    const realmUrl = settings.baseUrl;
    return {
      authentication_methods: {
        password: true,
        dev: false,
        email: true,
        ldap: false,
        remoteuser: false,
        github: true,
        azuread: false,
        gitlab: false,
        apple: false,
        google: false,
        saml: false,
        'openid connect': false,
      },
      external_authentication_methods: [
        {
          name: 'github',
          display_name: 'GitHub',
          display_icon: null,
          login_url: '/accounts/login/social/github',
          signup_url: '/accounts/register/social/github',
        },
      ],
      zulip_feature_level: store.featureLevel,
      zulip_version: settings.version,
      zulip_merge_base: settings.version,
      push_notifications_enabled: true,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_uri: realmUrl,
      ...(store.featureLevel >= REALM_URL_LEVEL ? { realm_url: realmUrl } : {}),
      realm_name: store.realm.name,
      realm_icon: `${settings.baseUrl}/static/realm-icon.svg`,
      realm_description: store.realm.description,
      realm_web_public_access_enabled: true,
    };
  }),
];

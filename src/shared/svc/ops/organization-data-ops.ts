import { z } from 'zod';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { op } from '../op';
import {
  exportConsentSchema,
  exportTypeSchema,
  ORGANIZATION_DATA_LEVELS,
  playgroundNameSchema,
  playgroundUrlTemplateSchema,
  pygmentsLanguageSchema,
  realmExportSchema,
} from '../organization-data';

/** Data exports and code playgrounds: every one of them is for the organization's administrators. */
export const organizationDataOps = {
  getRealmExports: op({
    id: 'getRealmExports',
    method: 'GET',
    path: '/export/realm',
    adminOnly: true,
    params: () => z.strictObject({}),
    response: () => successSchema({ exports: z.array(realmExportSchema) }),
  }),
  exportRealm: op({
    id: 'exportRealm',
    method: 'POST',
    path: '/export/realm',
    adminOnly: true,
    params: () =>
      z.strictObject({
        /** Public data only, or also private data (level 304; a full export without consent from 449). */
        export_type: exportTypeSchema.optional(),
      }),
    /** `id` from level 182. */
    response: () => successSchema({ id: z.number().int().optional() }),
  }),
  deleteRealmExport: op({
    id: 'deleteRealmExport',
    method: 'DELETE',
    path: '/export/realm/{export_id}',
    adminOnly: true,
    params: () => z.strictObject({ export_id: z.number().int().positive() }),
    response: () => simpleSuccessSchema,
  }),
  getRealmExportConsents: op({
    id: 'getRealmExportConsents',
    method: 'GET',
    path: '/export/realm/consents',
    adminOnly: true,
    minLevel: ORGANIZATION_DATA_LEVELS.exportConsents,
    params: () => z.strictObject({}),
    response: () => successSchema({ export_consents: z.array(exportConsentSchema) }),
  }),
  addCodePlayground: op({
    id: 'addCodePlayground',
    method: 'POST',
    path: '/realm/playgrounds',
    adminOnly: true,
    minLevel: ORGANIZATION_DATA_LEVELS.playgroundUrlTemplate,
    params: () =>
      z.strictObject({
        name: playgroundNameSchema,
        pygments_language: pygmentsLanguageSchema,
        url_template: playgroundUrlTemplateSchema,
      }),
    response: () => successSchema({ id: z.number().int() }),
  }),
  removeCodePlayground: op({
    id: 'removeCodePlayground',
    method: 'DELETE',
    path: '/realm/playgrounds/{playground_id}',
    adminOnly: true,
    minLevel: ORGANIZATION_DATA_LEVELS.playgrounds,
    params: () => z.strictObject({ playground_id: z.number().int().positive() }),
    response: () => simpleSuccessSchema,
  }),
} as const;

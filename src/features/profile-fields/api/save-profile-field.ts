import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { profileFieldsRootKey } from './get-profile-fields';

export type CreateFieldParams = ParamsOf<typeof svcOps.createCustomProfileField>;
export type UpdateFieldParams = ParamsOf<typeof svcOps.updateCustomProfileField>;

export function useCreateProfileField() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: CreateFieldParams) => svc(svcOps.createCustomProfileField, params),
    onSuccess: () => client.invalidateQueries({ queryKey: profileFieldsRootKey }),
  });
}

export function useUpdateProfileField() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateFieldParams) => svc(svcOps.updateCustomProfileField, params),
    onSuccess: () => client.invalidateQueries({ queryKey: profileFieldsRootKey }),
  });
}

export function useDeleteProfileField() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fieldId: number) => svc(svcOps.deleteCustomProfileField, { field_id: fieldId }),
    onSuccess: () => client.invalidateQueries({ queryKey: profileFieldsRootKey }),
  });
}

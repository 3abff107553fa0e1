// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { useOpForm } from './op-form';

const params = () =>
  z.strictObject({
    user_id: z.number().int(),
    full_name: z.string().trim().min(1, 'Name too short!').max(5, 'Name too long!'),
  });

function useNameForm() {
  return useOpForm({
    initialValues: { fullName: '', note: '' },
    params,
    toParams: (v) => ({ user_id: 7, full_name: v.fullName }),
    fields: { full_name: 'fullName' },
    validate: (v) => ({ fullName: v.fullName.trim() ? null : 'Enter a name.', note: null }),
  });
}

describe('useOpForm', () => {
  it("checks the values as the operation's parameters, under the form's field names", () => {
    const { result } = renderHook(useNameForm);
    act(() => result.current.form.setFieldValue('fullName', 'Much too long'));
    expect(result.current.problems()).toEqual({ fullName: 'Name too long!' });
    act(() => {
      result.current.form.validate();
    });
    expect(result.current.form.errors).toEqual({ fullName: 'Name too long!' });
  });

  it("lets the form's own check win for the same field, and drops checks that passed", () => {
    const { result } = renderHook(useNameForm);
    expect(result.current.problems()).toEqual({ fullName: 'Enter a name.' });
    act(() => result.current.form.setFieldValue('fullName', 'Ada'));
    expect(result.current.problems()).toEqual({});
  });

  it('puts a refusal on the field it names, verbatim, and keeps the values as typed', () => {
    const { result } = renderHook(useNameForm);
    act(() => result.current.form.setFieldValue('fullName', 'Ada'));
    const refusal = new ApiError(400, {
      result: 'error',
      code: 'INVALID_PARAMS',
      msg: 'Name in use',
      field: 'full_name',
    });
    expect(result.current.refusalField(refusal)).toBe('fullName');
    act(() => {
      expect(result.current.placeRefusal(refusal)).toBe(true);
    });
    expect(result.current.form.errors).toEqual({ fullName: 'Name in use' });
    expect(result.current.form.getValues().fullName).toBe('Ada');
  });

  it("reads the chat server's var_name, an explicit field, and leaves refusals of no field to the caller", () => {
    const { result } = renderHook(useNameForm);
    const missing = new ApiError(400, {
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: 'Missing',
      var_name: 'full_name',
    });
    expect(result.current.refusalField(missing)).toBe('fullName');
    const taken = new ApiError(400, { result: 'error', code: 'BAD_REQUEST', msg: 'Taken' });
    expect(result.current.refusalField(taken)).toBeNull();
    expect(result.current.refusalField(taken, 'note')).toBe('note');
    const elsewhere = new ApiError(400, { result: 'error', code: 'BAD_REQUEST', msg: 'No', field: 'role' });
    act(() => {
      expect(result.current.placeRefusal(elsewhere)).toBe(false);
    });
    expect(result.current.placeRefusal(new Error('offline'))).toBe(false);
    expect(result.current.form.errors).toEqual({});
  });

  it('does not block the submit on a parameter no field holds (the BFF checks it and its refusal is shown)', () => {
    const { result } = renderHook(() =>
      useOpForm({
        initialValues: { fullName: 'Ada' },
        params,
        // user_id is derived, not typed: a wrong one must not stop the form without a word.
        toParams: (v) => ({ user_id: 1.5, full_name: v.fullName }),
        fields: { full_name: 'fullName' },
      }),
    );
    expect(result.current.problems()).toEqual({});
    act(() => result.current.form.setFieldValue('fullName', 'Much too long'));
    expect(result.current.problems()).toEqual({ fullName: 'Name too long!' });
  });
});

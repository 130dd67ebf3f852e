import { renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { mailingListClassPayload, updateMeBody, userPayload } from 'shared-api/contract';
import { fieldBinder } from './schema-form';
import { maxLengthsOf, schemaResolver } from './schema-resolver';

describe('the longest texts of a contract schema (issue 26: inputs carry their maxLength)', () => {
  it('reads them through optional, nullable, preprocess and refinements', () => {
    const user = maxLengthsOf(userPayload);
    expect(user.phone_number).toBe(30);
    expect(user.residence_postal_code).toBe(5);
    expect(user.notes).toBe(2000);
    expect(user.fitet_data_code).toBe(50);
    expect(user.category).toBeUndefined();
    expect(maxLengthsOf(updateMeBody).phone_number).toBe(30);
  });

  it('gives each bound field of a form its maxLength', () => {
    const { result } = renderHook(() => useForm({ resolver: schemaResolver(mailingListClassPayload), defaultValues: { name: '' } }));
    const bind = fieldBinder(result.current, false);
    expect(bind('name').maxLength).toBe(200);
    expect(bind('is_default' as 'name').maxLength).toBeUndefined();
  });

  it('speaks Italian for a rule without its own text', async () => {
    const outcome = userPayload.shape.phone_number.safeParse('9'.repeat(40));
    expect(outcome.success).toBe(false);
    expect(outcome.error?.issues[0]?.message).toBe('Al massimo 30 caratteri');
  });
});

import { useMemo } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileFormSchema } from './profileFormSchema';
import {
  profileFormValues,
  type ProfileFieldName,
  type ProfileFormContext,
  type ProfileFormSource,
  type ProfileFormValues,
} from './profileSchema';

export interface ProfileFormOptions {
  /** The fields this form shows (hidden ones are neither checked nor sent). */
  fields: readonly ProfileFieldName[];
  ctx: ProfileFormContext;
  /** Fills the form; values override single fields. */
  identity?: ProfileFormSource | null;
  values?: Partial<ProfileFormValues>;
}

/** A react-hook-form form over the profile fields, with the spec's rules for `fields`. */
export function useProfileForm({ fields, ctx, identity, values }: ProfileFormOptions): UseFormReturn<ProfileFormValues> {
  const key = fields.join(',');
  const resolver = useMemo(
    () => zodResolver(profileFormSchema(key.split(',') as ProfileFieldName[], ctx)),
    [key, ctx],
  );
  return useForm<ProfileFormValues>({
    resolver,
    defaultValues: { ...profileFormValues(identity), ...values },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

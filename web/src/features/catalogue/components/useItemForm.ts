import { useState } from 'react';
import { useDefaultGroup } from '../../../lib/discover/groups';

/**
 * The state of an AI tool's or a use case's form: its values (with the site's organization
 * chosen until another is), whether anything changed, the field errors and the general message.
 */
export function useItemForm<V extends { group: number | null }, E>(initial: () => V) {
  const org = useDefaultGroup(true);
  const [values, setValues] = useState<V>(initial);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<E>({} as E);
  const [general, setGeneral] = useState<string | null>(null);
  const current: V = { ...values, group: values.group ?? org.data?.id ?? null };
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setDirty(true);
  };
  return { values, current, set, dirty, markDirty: () => setDirty(true), errors, setErrors, general, setGeneral };
}

/** A file of the form (a logo, a thumbnail, a document): the one uploaded, if any, and what the chooser calls with it. */
export function useFormFile(markDirty: () => void) {
  const [file, setFile] = useState<{ id: number | null; name: string | null } | null>(null);
  const onUploaded = (id: number | null, name: string | null) => {
    setFile({ id, name });
    markDirty();
  };
  return { file, onUploaded };
}

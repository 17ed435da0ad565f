// The circles list's filter choices. Month and country lists are not given by the spec
// (002 §9): months are the coming twelve; the rest follow the group form's values.
import type { FilterOption } from '../../components/lists/FilterSelect';
import { monthLabel } from '../../lib/dates';

/** The coming `count` months from `from`, as YYYY-MM with 'January 2027' labels. */
export function monthOptions(from: Date = new Date(), count = 12): FilterOption[] {
  const options: FilterOption[] = [];
  for (let offset = 0; offset < count; offset += 1) {
    const date = new Date(from.getFullYear(), from.getMonth() + offset, 1);
    const value = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
    const label = monthLabel(date);
    options.push({ value, label });
  }
  return options;
}

/** Commitment lengths in weeks (spec 000 §9 "Commitment options" keys). */
export const WEEKS_OPTIONS: FilterOption[] = [
  { value: '1', label: '1 week' },
  { value: '2', label: '2 weeks' },
  { value: '3', label: '3 weeks' },
  { value: '4', label: '1 month' },
  { value: '8', label: '2 months' },
  { value: '12', label: '3 months' },
  { value: '16', label: '4 months' },
  { value: '24', label: '6 months' },
];

export const COMPLEXITY_OPTIONS: FilterOption[] = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'intermediate', label: 'Intermediate' },
  { value: 'advanced', label: 'Advanced' },
];

/** The group's learning_modality values (crates/domain groups form). */
export const MODALITY_OPTIONS: FilterOption[] = [
  { value: 'online', label: 'Online' },
  { value: 'in_person', label: 'In person' },
  { value: 'no_preference', label: 'No preference' },
];

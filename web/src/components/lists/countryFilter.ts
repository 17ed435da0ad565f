// The country filter, in its own module: the country list is only downloaded by the pages
// that filter by country.
import { COUNTRY_CHOICES } from '../profileForm/countries';
import type { ParamFilter } from './filterOptions';

export const COUNTRY_OPTIONS = COUNTRY_CHOICES.map((choice) => ({ value: choice.name, label: choice.name }));

/** Country, by name, in `countries`. */
export const COUNTRY_FILTER: ParamFilter = { key: 'countries', label: 'Country', options: COUNTRY_OPTIONS };

import type { ReactNode } from 'react';
import FilterBar from './FilterBar';
import FilterSelect from './FilterSelect';
import type { ParamFilter } from './filterOptions';
import SearchField from './SearchField';
import { useListParams } from './useListParams';

interface Props {
  /** The bar's accessible name. */
  label: string;
  /** The search box's label. */
  searchLabel: string;
  /** The filters after the search box, in order. */
  filters?: readonly ParamFilter[];
  phoneVisible?: number;
  /** Fields after the filters. */
  children?: ReactNode;
}

/**
 * A list page's search box (q) and filters, bound to the address with the list-page rules of
 * useListParams (a filter change drops the page).
 */
export default function ParamFilterBar({ label, searchLabel, filters = [], phoneVisible, children }: Props) {
  const { value, setFilter } = useListParams();
  return (
    <FilterBar label={label} phoneVisible={phoneVisible}>
      <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label={searchLabel} />
      {filters.map((filter) => (
        <FilterSelect
          key={filter.key}
          label={filter.label}
          options={filter.options}
          value={value(filter.key)}
          onChange={(next) => setFilter(filter.key, next)}
        />
      ))}
      {children}
    </FilterBar>
  );
}

import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import FilterBar from '../../../components/lists/FilterBar';
import FilterSelect from '../../../components/lists/FilterSelect';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import { useListParams } from '../../../components/lists/useListParams';
import { useIdentity } from '../../../lib/auth/identity';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { USE_CASES_PAGE_SIZE, useUseCases } from '../api/catalogue';
import { UseCaseCard } from '../components/Cards';
import { BUSINESS_VALUES, COMPLEXITIES, INNOVATION_CATEGORIES } from '../formRules';

const FILTERS = ['professional_field', 'job_function', 'business_value', 'complexity', 'innovation_category', 'category'] as const;

const asOptions = (list: readonly { value: number | string; label: string }[]) => list.map((o) => ({ value: String(o.value), label: o.label }));

/**
 * /usecases (spec 002 §2 "AI Use Cases list"): search and six filters in the address, 15 cards a
 * page, 'Want to solve a different use case?' with Submit Use Case, and the empty states.
 */
export default function UseCasesPage() {
  const { page, value, setFilter, setPage } = useListParams();
  const { signedIn } = useIdentity();
  const options = useOptionsConfig();
  const filters = Object.fromEntries(FILTERS.map((key) => [key, value(key)]));
  const filtered = Boolean(value('q')) || FILTERS.some((key) => value(key));
  const useCases = useUseCases({ search: value('q'), ...filters, page, page_size: USE_CASES_PAGE_SIZE });
  const choices = {
    professional_field: asOptions(options.professional_fields),
    job_function: asOptions(options.job_functions),
    business_value: asOptions(BUSINESS_VALUES),
    complexity: asOptions(COMPLEXITIES),
    innovation_category: asOptions(INNOVATION_CATEGORIES),
    category: asOptions(options.usecase_categories),
  };
  const labels = {
    professional_field: 'Professional field',
    job_function: 'Job function',
    business_value: 'Business value',
    complexity: 'Complexity',
    innovation_category: 'Innovation',
    category: 'Category',
  };
  return (
    <ListPage title="AI Use Cases" subtitle="How members put AI to work.">
      <FilterBar label="Use case filters">
        <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label="Search use cases" />
        {FILTERS.map((key) => (
          <FilterSelect key={key} label={labels[key]} options={choices[key]} value={value(key)} onChange={(next) => setFilter(key, next)} />
        ))}
      </FilterBar>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            Want to solve a different use case?
          </Typography>
          <Button component={RouterLink} to={signedIn ? '/usecases/new' : '/login?next=%2Fusecases%2Fnew'} variant="contained">
            Submit Use Case
          </Button>
        </Stack>
      </Paper>
      <CardGridResults
        query={useCases}
        label="Use cases"
        empty={<EmptyState title={filtered ? 'No use cases found matching your criteria' : 'No use cases found'} />}
        renderItem={(useCase) => <UseCaseCard useCase={useCase} />}
        itemKey={(useCase) => useCase.id}
        pageSize={USE_CASES_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      />
    </ListPage>
  );
}

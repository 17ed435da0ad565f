import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { asOptions, useProfileFilters } from '../../../components/lists/filterOptions';
import { useListParams } from '../../../components/lists/useListParams';
import { useIdentity } from '../../../lib/auth/identity';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { USE_CASES_PAGE_SIZE, useUseCases } from '../api/catalogue';
import { UseCaseCard } from '../components/Cards';
import { BUSINESS_VALUES, COMPLEXITIES, INNOVATION_CATEGORIES } from '../formRules';

const FILTERS = ['professional_field', 'job_function', 'business_value', 'complexity', 'innovation_category', 'category'] as const;

/**
 * /usecases (spec 002 §2 "AI Use Cases list"): search and six filters in the address, 15 cards a
 * page, 'Want to solve a different use case?' with Submit Use Case, and the empty states.
 */
export default function UseCasesPage() {
  const { page, value, setPage } = useListParams();
  const { signedIn } = useIdentity();
  const options = useOptionsConfig();
  const filters = Object.fromEntries(FILTERS.map((key) => [key, value(key)]));
  const filtered = Boolean(value('q')) || FILTERS.some((key) => value(key));
  const useCases = useUseCases({ search: value('q'), ...filters, page, page_size: USE_CASES_PAGE_SIZE });
  const { professionalFields, jobFunctions } = useProfileFilters();
  // The use cases' own keys (singular), in the order of FILTERS.
  const choices = [
    { ...professionalFields, key: 'professional_field' },
    { ...jobFunctions, key: 'job_function' },
    { key: 'business_value', label: 'Business value', options: asOptions(BUSINESS_VALUES) },
    { key: 'complexity', label: 'Complexity', options: asOptions(COMPLEXITIES) },
    { key: 'innovation_category', label: 'Innovation', options: asOptions(INNOVATION_CATEGORIES) },
    { key: 'category', label: 'Category', options: asOptions(options.usecase_categories) },
  ];
  return (
    <ListPage title="AI Use Cases" subtitle="How members put AI to work.">
      <ParamFilterBar label="Use case filters" searchLabel="Search use cases" filters={choices} />
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

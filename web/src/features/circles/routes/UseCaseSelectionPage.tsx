import { useState } from 'react';
import { Box, Button, Card, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useNavigate } from 'react-router';
import FilterBar from '../../../components/lists/FilterBar';
import ListPage from '../../../components/lists/ListPage';
import ListPagination from '../../../components/lists/ListPagination';
import { CardGridSkeleton, EmptyState, ListError } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import UseCaseSummary from '../../../components/lists/UseCaseSummary';
import { cardGrid } from '../../../components/lists/layout';
import { useListParams } from '../../../components/lists/useListParams';
import { globalErrorMessage } from '../../../lib/api/errors';
import { USE_CASES_PAGE_SIZE, useUseCases } from '../../../lib/discover/useCases';
import type { UseCase } from '../../../lib/discover/types';

function UseCaseOption({ useCase, checked }: { useCase: UseCase; checked: boolean }) {
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 2, height: '100%', borderColor: checked ? 'primary.main' : 'divider', borderWidth: checked ? 2 : 1 }}
    >
      {useCase.thumbnail_image && (
        <Box component="img" src={useCase.thumbnail_image} alt="" sx={{ width: '100%', height: 120, objectFit: 'cover', display: 'block' }} />
      )}
      <FormControlLabel
        value={String(useCase.id)}
        control={<Radio sx={{ mt: -0.5 }} />}
        sx={{ m: 0, p: 2, width: '100%', alignItems: 'flex-start', gap: 1 }}
        label={<UseCaseSummary useCase={useCase} sx={{ minWidth: 0 }} />}
      />
    </Card>
  );
}

/**
 * /usecase-selection (spec 002 §2): search the use cases (2+ characters, kept in the address
 * as q), pick one, clear it with Clear Selection, then Proceed to Circles
 * (/circles?usecase_id={id}). A use case chosen before (usecase_id) starts selected.
 */
export default function UseCaseSelectionPage() {
  const { page, value, setFilter, setPage } = useListParams();
  const navigate = useNavigate();
  const search = value('q');
  const useCases = useUseCases(search, page);
  const initial = value('usecase_id');
  const [selected, setSelected] = useState<number | null>(initial && /^\d+$/.test(initial) ? Number(initial) : null);

  const proceed = () => void navigate(selected !== null ? `/circles?usecase_id=${selected}` : '/circles');

  let body;
  if (useCases.isPending) body = <CardGridSkeleton count={6} height={120} />;
  else if (useCases.isError) {
    body = (
      <ListError
        message={`Could not fetch use cases. ${globalErrorMessage(useCases.error) ?? ''}`.trim()}
        onRetry={() => void useCases.refetch()}
      />
    );
  } else if (useCases.data.data.length === 0) body = <EmptyState title="No use cases found." />;
  else {
    body = (
      <>
        <RadioGroup
          aria-label="Use cases"
          value={selected !== null ? String(selected) : ''}
          onChange={(event) => setSelected(Number(event.target.value))}
          sx={cardGrid}
          aria-busy={useCases.isPlaceholderData}
        >
          {useCases.data.data.map((useCase) => (
            <UseCaseOption key={useCase.id} useCase={useCase} checked={selected === useCase.id} />
          ))}
        </RadioGroup>
        <ListPagination count={useCases.data.pagination.count} pageSize={USE_CASES_PAGE_SIZE} page={page} onChange={setPage} />
      </>
    );
  }

  return (
    <ListPage
      title="Select a Use Case"
      subtitle="Choose the AI use case you want to work on; we will show the circles for it."
      actions={
        <>
          <Button variant="outlined" onClick={() => setSelected(null)} disabled={selected === null}>
            Clear Selection
          </Button>
          <Button variant="contained" onClick={proceed}>
            Proceed to Circles
          </Button>
        </>
      }
    >
      <FilterBar label="Use case search">
        <SearchField value={search} onSearch={(text) => setFilter('q', text)} label="Search use cases" />
      </FilterBar>
      {body}
    </ListPage>
  );
}

import { useState } from 'react';
import { Button, Card, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import ListPage from '../../../components/lists/ListPage';
import ListPagination from '../../../components/lists/ListPagination';
import { CardGridSkeleton, EmptyState, ListError } from '../../../components/lists/ListStates';
import { snippet } from '../../../components/lists/cardRules';
import { cardGrid } from '../../../components/lists/layout';
import { readPage, withPage } from '../../../components/lists/listParams';
import { USE_CASES_PAGE_SIZE, rememberUseCaseTitle, useUseCases } from '../../../lib/discover/useCases';
import type { UseCase } from '../../../lib/discover/types';

/**
 * /usecase-selection (spec 002 §2): pick one approved use case, clear it with Clear Selection,
 * then Proceed to Circles (/circles?usecase_id={id}).
 */
export default function UseCaseSelectionPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = readPage(params);
  const useCases = useUseCases(page);
  const initial = params.get('usecase_id');
  const [selected, setSelected] = useState<{ id: number; title: string } | null>(
    initial && /^\d+$/.test(initial) ? { id: Number(initial), title: '' } : null,
  );

  const choose = (useCase: UseCase) => setSelected({ id: useCase.id, title: useCase.title });
  const proceed = () => {
    if (selected?.title) rememberUseCaseTitle(selected.id, selected.title);
    void navigate(selected ? `/circles?usecase_id=${selected.id}` : '/circles');
  };

  let body;
  if (useCases.isPending) body = <CardGridSkeleton count={6} height={120} />;
  else if (useCases.isError) body = <ListError onRetry={() => void useCases.refetch()} />;
  else if (useCases.data.data.length === 0) body = <EmptyState title="No use cases available yet." />;
  else {
    body = (
      <>
        <RadioGroup
          aria-label="Use cases"
          value={selected ? String(selected.id) : ''}
          onChange={(event) => {
            const found = useCases.data.data.find((useCase) => String(useCase.id) === event.target.value);
            if (found) choose(found);
          }}
          sx={cardGrid}
        >
          {useCases.data.data.map((useCase) => {
            const checked = selected?.id === useCase.id;
            const about = snippet(useCase.description, 200);
            return (
              <Card
                key={useCase.id}
                variant="outlined"
                sx={{ borderRadius: 2, height: '100%', borderColor: checked ? 'primary.main' : 'divider', borderWidth: checked ? 2 : 1 }}
              >
                <FormControlLabel
                  value={String(useCase.id)}
                  control={<Radio sx={{ mt: -0.5 }} />}
                  sx={{ m: 0, p: 2, width: '100%', height: '100%', alignItems: 'flex-start', gap: 1 }}
                  label={
                    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{useCase.title}</Typography>
                      {about && (
                        <Typography variant="body2" color="text.secondary">
                          {about}
                        </Typography>
                      )}
                    </Stack>
                  }
                />
              </Card>
            );
          })}
        </RadioGroup>
        <ListPagination
          count={useCases.data.pagination.count}
          pageSize={USE_CASES_PAGE_SIZE}
          page={page}
          onChange={(next) => setParams((current) => withPage(current, next))}
        />
      </>
    );
  }

  return (
    <ListPage
      title="Select a Use Case"
      subtitle="Choose the AI use case you want to work on; we will show the circles for it."
      actions={
        <>
          <Button variant="outlined" onClick={() => setSelected(null)} disabled={!selected}>
            Clear Selection
          </Button>
          <Button variant="contained" onClick={proceed}>
            Proceed to Circles
          </Button>
        </>
      }
    >
      {body}
    </ListPage>
  );
}

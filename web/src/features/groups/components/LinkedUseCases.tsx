import { Box, Card, CardActionArea } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import UseCaseSummary from '../../../components/lists/UseCaseSummary';
import type { UseCaseRef } from '../../../lib/groups/types';
import SectionCard from '../../../components/SectionCard';

function UseCaseCard({ useCase }: { useCase: UseCaseRef }) {
  // The use-case detail page arrives with the catalogue; until then a card lists the circles on it.
  const to = `/circles?usecase_id=${useCase.id}`;
  const content = (
    <>
      {useCase.thumbnail_image && (
        <Box component="img" src={useCase.thumbnail_image} alt="" sx={{ width: '100%', height: 110, objectFit: 'cover', display: 'block' }} />
      )}
      <UseCaseSummary useCase={useCase} sx={{ p: 1.5 }} />
    </>
  );
  return (
    <Card variant="outlined" component="article" aria-label={useCase.title} sx={{ borderRadius: 2, height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        {content}
      </CardActionArea>
    </Card>
  );
}

/** The circle's linked use cases as cards, each opening the circles on that use case (spec 001 §2 "Circle detail"). */
export default function LinkedUseCases({ useCases }: { useCases: UseCaseRef[] | undefined }) {
  if (!useCases?.length) return null;
  return (
    <SectionCard title="Linked use cases">
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {useCases.map((useCase) => (
          <li key={useCase.id}>
            <UseCaseCard useCase={useCase} />
          </li>
        ))}
      </Box>
    </SectionCard>
  );
}

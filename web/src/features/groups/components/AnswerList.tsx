import { Fragment } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { applicantAnswers, fileKind } from '../../../lib/groups/applicants';
import type { Group, Member } from '../../../lib/groups/types';

/**
 * A member's answers to the group's questions (labelled with the questions of
 * extra_info.questions) and any conference fields. Files the server listed open in a new tab.
 */
export default function AnswerList({ member, group }: { member: Member; group: Group }) {
  const lines = applicantAnswers(member, group.extra_info?.questions ?? []);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No answers.
      </Typography>
    );
  }
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 3fr' }, gap: 1 }}>
      {lines.map((line) => {
        const kind = line.file ? fileKind(line.file.mime_type) : null;
        return (
          <Fragment key={line.key}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {line.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {line.file ? (
                <Link href={line.file.file} target="_blank" rel="noopener noreferrer">
                  {kind ? `${line.value} (${kind})` : line.value}
                </Link>
              ) : (
                line.value
              )}
            </Typography>
          </Fragment>
        );
      })}
    </Box>
  );
}

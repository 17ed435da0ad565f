// The to-do cards (spec 002 §2): what waits for the administrators, each linking to its
// table's pending tab.
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { cardGridSx, type Todo } from '../adminRules';

export default function TodoCards({ items }: { items: Todo[] }) {
  return (
    <Box component="ul" aria-label="To do" sx={cardGridSx}>
      {items.map((todo) => (
        <li key={todo.kind}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={todo.to} sx={{ height: '100%' }} aria-label={`${todo.label}: ${todo.count}`}>
              <CardContent>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: todo.count ? 'primary.main' : 'text.secondary' }}>
                  {todo.count}
                </Typography>
                <Typography color="text.secondary">{todo.label}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}


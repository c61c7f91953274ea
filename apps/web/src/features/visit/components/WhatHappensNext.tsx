// After the visit (or an asynchronous review, visit type 3): what happens next, said for where the
// order stands now (issue 16; SPEC §2 ended-visit): the doctor reviews and decides, the mail when
// the prescription is sent, where to see the order. Only what the store really does.
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { patientVisitPath } from '@/shared/visitWindow';
import type { PaidOrder } from '../api/visit.api';

function nextSteps(order: PaidOrder): { lines: string[]; action?: { label: string; to: string } } {
  switch (order.status) {
    case 'needs_info':
      return {
        lines: [
          'Your doctor has a question before deciding. Answer it and your order goes back to your doctor.',
        ],
        action: {
          label: 'Answer your doctor',
          to: `/orders/${encodeURIComponent(order.orderId)}/more-information`,
        },
      };
    case 'approved':
      return {
        lines: [
          'Your doctor approved your treatment.',
          'We email you when your prescription is sent to your pharmacy.',
        ],
      };
    case 'prescribed':
      return {
        lines: [
          'Your doctor approved your treatment and your prescription was sent to your pharmacy.',
          'We email you at each next step.',
        ],
      };
    case 'fulfilling':
    case 'shipped':
      return {
        lines: [
          'Your doctor approved your treatment and your pharmacy is preparing or sending your order.',
          'We email you at each next step.',
        ],
      };
    case 'delivered':
      return { lines: ['Your doctor approved your treatment and your order was delivered.'] };
    case 'declined':
      return {
        lines: [
          'Your doctor decided this treatment is not right for you. Your card was not charged.',
          'We emailed you the reason.',
        ],
      };
    case 'visit_missed':
      return {
        lines: ['Your visit did not take place. Book a new time to go on with your order.'],
        action: { label: 'Book a new time', to: patientVisitPath(order.orderId) },
      };
    case 'cancelled':
      return { lines: ['This order was cancelled. Your card was not charged.'] };
    default:
      return {
        lines: [
          // An asynchronous review (visit type 3) has answers and no visit.
          order.status === 'visit_scheduled'
            ? 'Your doctor reviews your visit and your answers, and decides on your treatment.'
            : 'Your doctor reviews your answers and decides on your treatment.',
          'We email you when your doctor decides, and again when your prescription is sent to your pharmacy.',
          'Your card is only charged if your doctor approves your treatment.',
        ],
      };
  }
}

export function WhatHappensNext({ order }: { order: PaidOrder }) {
  const { lines, action } = nextSteps(order);
  return (
    <Stack spacing={1.5} data-testid="next-steps">
      {lines.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
      {action ? (
        <Button
          component={RouterLink}
          to={action.to}
          variant="contained"
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {action.label}
        </Button>
      ) : null}
      <Typography color="text.secondary">
        Your order number is <strong data-testid="order-number">{order.orderNumber}</strong>. The
        confirmation email has it too, with{' '}
        <Link href={order.receiptUrl} target="_blank" rel="noopener" underline="always">
          your receipt (PDF)
        </Link>
        .
      </Typography>
    </Stack>
  );
}

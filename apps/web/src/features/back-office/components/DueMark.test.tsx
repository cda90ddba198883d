import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DueMark } from './DueMark';
import { isoTodayInChile } from './format';

describe('DueMark', () => {
  it('says "Vence hoy" for an open milestone due today, whatever its state says', () => {
    const today = isoTodayInChile();
    const { rerender } = render(<DueMark date={today} state="soon" />);
    expect(screen.getByText('Vence hoy')).toBeInTheDocument();
    expect(screen.queryByText('Vence pronto')).not.toBeInTheDocument();
    rerender(<DueMark date={today} state="pending" />);
    expect(screen.getByText('Vence hoy')).toBeInTheDocument();
    rerender(<DueMark date={today} state="done" />);
    expect(screen.queryByText('Vence hoy')).not.toBeInTheDocument();
  });

  it('keeps "Vence pronto" and "Vencido" for other days', () => {
    const { rerender } = render(<DueMark date="2999-01-05" state="soon" />);
    expect(screen.getByText('Vence pronto')).toBeInTheDocument();
    rerender(<DueMark date="2020-01-05" state="overdue" />);
    expect(screen.getByText('Vencido')).toBeInTheDocument();
  });
});

import '../test/setup.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { NotFoundPage } from './not-found-page.tsx';

describe('NotFoundPage', () => {
  it('shows a title, a subtitle and a button back home', () => {
    render(<NotFoundPage homeHref="/" />);
    expect(screen.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByText(messages.notFound.subtitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.notFound.action })).toHaveAttribute('href', '/');
  });
});

import { messages, PageHeader } from '@hiwar/ui';
import type { ReactNode } from 'react';

export interface AdminPageProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Centres the heading (screens shown as a single card, like login). */
  centered?: boolean;
  children?: ReactNode;
}

/** A back-office screen: tab title, page heading, then content. */
export function AdminPage({ title, description, actions, centered = false, children }: AdminPageProps) {
  return (
    <>
      {/* React 19 hoists <title> into <head>. */}
      <title>{`${title} | ${messages.app.name}`}</title>
      <PageHeader
        title={title}
        description={description}
        actions={actions}
        align={centered ? 'center' : 'start'}
      />
      {children}
    </>
  );
}

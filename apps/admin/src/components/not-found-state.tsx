import { Button, EmptyState, messages } from '@hiwar/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface NotFoundStateProps {
  icon: ReactNode;
  /** The page's heading and the document title. */
  title: string;
  description: ReactNode;
  /** The way back: where to and the button's label. */
  back: { to: string; label: ReactNode };
}

/** A detail page whose subject does not exist (or whose id is not one): why, and the way back. */
export function NotFoundState({ icon, title, description, back }: NotFoundStateProps) {
  return (
    <>
      <title>{`${title} | ${messages.app.name}`}</title>
      <EmptyState
        headingLevel="h1"
        icon={icon}
        title={title}
        description={description}
        action={
          <Button asChild variant="secondary">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        }
      />
    </>
  );
}

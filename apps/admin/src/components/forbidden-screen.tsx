import { type CurrentUser, useSession } from '@hiwar/client';
import { Avatar, adminUsersMessages, Button, messages } from '@hiwar/ui';
import { ExternalLink, LogOut, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayName, roleLabel } from '../lib/labels.ts';
import { useRuntimeConfig } from '../lib/runtime-config-context.tsx';
import { AuthShell } from './auth-layout.tsx';

const text = adminUsersMessages.guard;

/**
 * A signed-in student or tutor opened the back office: say so (spec §6: use another account or contact
 * an admin), show whose session this is, and offer to sign out or to go to the web app.
 */
export function ForbiddenScreen({ user }: { user: CurrentUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const [isLeaving, setLeaving] = useState(false);
  const name = displayName(user);

  return (
    <AuthShell>
      <title>{`${text.forbiddenTitle} | ${messages.app.name}`}</title>
      <div className="flex flex-col items-center text-center">
        <div
          aria-hidden="true"
          className="mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-warning-soft text-warning [&_svg]:size-7"
        >
          <ShieldAlert />
        </div>
        <h1 className="text-xl font-bold text-foreground">{text.forbiddenTitle}</h1>
        <p className="mt-2 text-muted-foreground">{text.forbiddenBody}</p>

        <div className="mt-6 flex w-full items-center gap-3 rounded-xl border border-border bg-surface-muted p-3 text-start">
          {/* Decorative here: the name is written next to it. */}
          <span aria-hidden="true" className="flex shrink-0">
            <Avatar decorative name={name} src={user.image} size="md" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs text-muted-foreground">{text.signedInAs}</p>
            <p className="truncate font-semibold">
              <bdi dir="auto">{name}</bdi>
            </p>
            <p className="truncate text-xs text-muted-foreground">
              <span dir="ltr">{user.email}</span> · {roleLabel(user.role)}
            </p>
          </div>
        </div>

        <div className="mt-6 flex w-full flex-col gap-2">
          <Button
            size="lg"
            loading={isLeaving}
            onClick={() => {
              setLeaving(true);
              void logout().finally(() => navigate('/login', { replace: true }));
            }}
          >
            {isLeaving ? null : <LogOut aria-hidden="true" />}
            {text.useAnotherAccount}
          </Button>
          <Button asChild variant="ghost" size="lg">
            <a href={config.webUrl}>
              <ExternalLink aria-hidden="true" />
              {text.openWebApp}
            </a>
          </Button>
        </div>
      </div>
    </AuthShell>
  );
}

import { useUpdateUser } from '@hiwar/client';
import { isTutorLike, ROLES, Role, type TutorMeta, type UpdateUserRequest, type User } from '@hiwar/domain';
import {
  adminUsersMessages,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Select,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { Info, UserCog } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Switch } from '../../../components/switch.tsx';
import { displayName, roleLabel } from '../../../lib/labels.ts';
import { isAdminRole } from '../../../lib/staff-access.ts';

const text = adminUsersMessages.user.manage;

type PendingChange =
  | { kind: 'activated'; value: boolean }
  | { kind: 'verifiedEmail'; value: boolean }
  | { kind: 'role'; value: Role };

/** What the signed-in staff member may change on this account (the server checks the same). */
export function managePermissions(viewer: Pick<User, 'id' | 'role'>, target: Pick<User, 'id' | 'role'>) {
  const isSelf = viewer.id === target.id;
  const protectedTarget = target.role === Role.SuperAdmin && viewer.role !== Role.SuperAdmin;
  const canEdit = isAdminRole(viewer.role) && !isSelf && !protectedTarget;
  return {
    isSelf,
    canEdit,
    /** Only a SuperAdmin changes roles, and never their own. */
    canChangeRole: canEdit && viewer.role === Role.SuperAdmin,
    reason: isSelf ? 'self' : protectedTarget ? 'superAdmin' : isAdminRole(viewer.role) ? null : 'viewOnly',
  } as const;
}

function Note({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-surface-muted px-3 py-2.5 text-sm text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function SettingRow({
  labelId,
  label,
  hint,
  control,
}: {
  labelId: string;
  label: string;
  hint: string;
  control: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-semibold">
          {label}
        </p>
        <p id={`${labelId}-hint`} className="mt-0.5 text-xs leading-5 text-muted-foreground">
          {hint}
        </p>
      </div>
      {control}
    </div>
  );
}

/**
 * Staff changes to another account: tutor activation, e-mail verification and (SuperAdmin) the role.
 * Each change is confirmed first; a refusal from the server (`forbidden`…) is shown in Arabic.
 */
export function UserManageCard({
  viewer,
  user,
  tutor,
}: {
  viewer: Pick<User, 'id' | 'role'>;
  user: User;
  tutor: TutorMeta | null;
}) {
  const ids = useId();
  const { toast } = useToast();
  const showError = useErrorToast();
  const update = useUpdateUser();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [role, setRole] = useState<Role>(user.role);
  const { canEdit, canChangeRole, reason } = managePermissions(viewer, user);
  const name = displayName(user);

  const apply = (change: PendingChange) => {
    const body: UpdateUserRequest =
      change.kind === 'activated'
        ? { activated: change.value }
        : change.kind === 'verifiedEmail'
          ? { verifiedEmail: change.value }
          : { role: change.value };
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          const title =
            change.kind === 'activated'
              ? change.value
                ? text.activated
                : text.deactivated
              : change.kind === 'role'
                ? text.roleSaved
                : text.verifiedSaved;
          toast({ id: `user-${change.kind}`, type: 'success', title });
          setPending(null);
        },
        onError: (error) => {
          showError(error);
          setPending(null);
          setRole(user.role);
        },
      },
    );
  };

  const dialog = (() => {
    if (!pending) {
      return null;
    }
    if (pending.kind === 'activated') {
      return {
        title: pending.value ? text.activateTitle(name) : text.deactivateTitle(name),
        description: pending.value ? text.activateBody : text.deactivateBody,
        confirmLabel: pending.value ? text.activate : text.deactivate,
        tone: pending.value ? ('primary' as const) : ('danger' as const),
      };
    }
    if (pending.kind === 'verifiedEmail') {
      return {
        title: pending.value ? text.markVerified : text.markUnverified,
        description: text.verifiedEmailHint,
        confirmLabel: pending.value ? text.markVerified : text.markUnverified,
        tone: pending.value ? ('primary' as const) : ('danger' as const),
      };
    }
    return {
      title: text.roleTitle,
      description: text.roleBody(name, roleLabel(user.role), roleLabel(pending.value)),
      confirmLabel: text.saveRole,
      tone: 'danger' as const,
    };
  })();

  const activationId = `${ids}-activation`;
  const verifiedId = `${ids}-verified`;
  const roleId = `${ids}-role`;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <UserCog aria-hidden="true" className="size-[1.125rem] text-muted-foreground" />
          {text.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {reason === 'self' ? (
          <Note>
            {text.selfNote}{' '}
            <Link to="/user-settings" className="font-semibold text-brand hover:underline">
              {text.openSettings}
            </Link>
          </Note>
        ) : reason === 'superAdmin' ? (
          <Note>{text.superAdminOnly}</Note>
        ) : reason === 'viewOnly' ? (
          <Note>{text.viewOnly}</Note>
        ) : (
          <p className="text-sm text-muted-foreground">{text.description}</p>
        )}

        <div className="divide-y divide-border">
          {tutor && isTutorLike(user.role) ? (
            <SettingRow
              labelId={activationId}
              label={text.activation}
              hint={text.activationHint}
              control={
                <Switch
                  checked={tutor.activated}
                  disabled={!canEdit || update.isPending}
                  aria-labelledby={activationId}
                  aria-describedby={`${activationId}-hint`}
                  onCheckedChange={(value) => setPending({ kind: 'activated', value })}
                />
              }
            />
          ) : null}
          <SettingRow
            labelId={verifiedId}
            label={text.verifiedEmail}
            hint={text.verifiedEmailHint}
            control={
              <Switch
                checked={user.verifiedEmail}
                disabled={!canEdit || update.isPending}
                aria-labelledby={verifiedId}
                aria-describedby={`${verifiedId}-hint`}
                onCheckedChange={(value) => setPending({ kind: 'verifiedEmail', value })}
              />
            }
          />
          {canChangeRole ? (
            <div className="flex flex-col gap-2 pt-4">
              <label htmlFor={roleId} className="text-sm font-semibold">
                {text.role}
              </label>
              <div className="flex gap-2">
                <Select
                  id={roleId}
                  aria-describedby={`${roleId}-hint`}
                  options={ROLES.map((value) => ({ value: String(value), label: roleLabel(value) }))}
                  value={String(role)}
                  onValueChange={(value) => setRole(Number(value) as Role)}
                  disabled={update.isPending}
                  className="flex-1"
                />
                <Button
                  className="h-11"
                  disabled={role === user.role || update.isPending}
                  onClick={() => setPending({ kind: 'role', value: role })}
                >
                  {text.saveRole}
                </Button>
              </div>
              <p id={`${roleId}-hint`} className="text-xs text-muted-foreground">
                {text.roleHint}
              </p>
            </div>
          ) : null}
        </div>
      </CardContent>

      {dialog ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) {
              setPending(null);
              setRole(user.role);
            }
          }}
          title={dialog.title}
          description={dialog.description}
          confirmLabel={dialog.confirmLabel}
          tone={dialog.tone}
          isPending={update.isPending}
          onConfirm={() => apply(pending as PendingChange)}
        />
      ) : null}
    </Card>
  );
}

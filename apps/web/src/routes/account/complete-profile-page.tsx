import { useSession } from '@hiwar/client';
import { isTutorLike, type Role } from '@hiwar/domain';
import { accountMessages, Button } from '@hiwar/ui';
import { UserRoundPen } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/account/components/auth-layout.tsx';
import { ProfileDetailsForm } from '../../features/account/components/profile-details-form.tsx';
import { homePathFor, safeRedirect } from '../../features/account/lib/redirects.ts';

const text = accountMessages.completeProfile;

/** `/complete-profile` (students): name, governorate and phone, then on to where they were going. */
export function CompleteProfilePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (!user) {
    return null;
  }
  if (isTutorLike(user.role as Role)) {
    return <Navigate to={`/t/complete-profile${params.size > 0 ? `?${params}` : ''}`} replace />;
  }
  const next = safeRedirect(params.get('redirect')) ?? homePathFor(user);
  return (
    <AuthLayout title={text.title} description={text.subtitle} icon={<UserRoundPen />} size="lg">
      <ProfileDetailsForm
        user={user}
        fields={['name', 'city', 'phone']}
        submitLabel={text.submit}
        onSaved={() => void navigate(next, { replace: true })}
        secondaryAction={
          <Button asChild variant="ghost">
            <Link to={next}>{text.skip}</Link>
          </Button>
        }
      />
    </AuthLayout>
  );
}

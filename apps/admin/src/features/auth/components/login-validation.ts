import { PasswordLoginRequestSchema } from '@hiwar/domain';
import { zodResolver } from '@hookform/resolvers/zod';

/** The sign-in form's validation: loaded by `LoginForm` on its own chunk (lazyResolver). */
export const loginResolver = zodResolver(PasswordLoginRequestSchema);

// Primitives
export { Alert, type AlertProps, type AlertTone } from './components/alert.tsx';
export { Avatar, type AvatarProps, getInitials } from './components/avatar.tsx';
export {
  AVATAR_TYPES,
  type AvatarCheckError,
  AvatarUpload,
  type AvatarUploadProps,
  avatarErrorMessage,
  checkAvatarFile,
  readImageSize,
} from './components/avatar-upload.tsx';
export { Badge, type BadgeProps, type BadgeTone } from './components/badge.tsx';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
} from './components/button.tsx';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card.tsx';
export { CodeInput, type CodeInputProps, normalizeCode } from './components/code-input.tsx';
export { ConversationIllustration } from './components/conversation-illustration.tsx';
export { CopyButton, type CopyButtonProps } from './components/copy-button.tsx';
export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogTrigger,
} from './components/dialog.tsx';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './components/dropdown-menu.tsx';
export { EmptyState, type EmptyStateProps } from './components/empty-state.tsx';
export { FieldFrame, type FieldFrameProps } from './components/field-frame.tsx';
export { FormField, type FormFieldProps, invalidValueMessage } from './components/form-field.tsx';
export { fieldControlClassName, Input, type InputProps } from './components/input.tsx';
export { Logo, type LogoProps } from './components/logo.tsx';
export { MenuSheetButton, type MenuSheetButtonProps } from './components/menu-sheet-button.tsx';
export { NotFoundPage, type NotFoundPageProps } from './components/not-found-page.tsx';
export { CenteredState, PageContainer, PageHeader, type PageHeaderProps } from './components/page.tsx';
export { PasswordInput, type PasswordInputProps } from './components/password-input.tsx';
export {
  PlanCard,
  type PlanCardPlan,
  type PlanCardProps,
  PlanCardSkeleton,
  type PlanQuote,
  planQuote,
  WEEKS_PER_MONTH_ESTIMATE,
} from './components/plan-card.tsx';
export { type RadioCardOption, RadioCards, type RadioCardsProps } from './components/radio-cards.tsx';
export { Select, type SelectOption, type SelectProps } from './components/select.tsx';
export { Skeleton } from './components/skeleton.tsx';
export { Spinner, type SpinnerProps } from './components/spinner.tsx';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs.tsx';
export { Textarea, type TextareaProps } from './components/textarea.tsx';
// Formatting
export {
  type DateFormatOptions,
  type DateInput,
  DEFAULT_LOCALE,
  DEFAULT_TIME_ZONE,
  FORMATTING_WARM_UPS,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
} from './format.ts';
export { cn } from './lib/cn.ts';
export { preloadOnIntent } from './lib/preload-on-intent.ts';
export { useDisabledKeepingFocus } from './lib/use-disabled-keeping-focus.ts';
export { useHydrated } from './lib/use-hydrated.ts';
export { useMainFocus } from './lib/use-main-focus.ts';
export { useOpenedOnce } from './lib/use-opened-once.ts';
// Messages
export * from './messages/index.ts';
// Providers
export { UiProvider, type UiProviderProps } from './providers/ui-provider.tsx';
// Theme
export { THEME_STORAGE_KEY, themeBootScript } from './theme/theme-boot-script.ts';
export {
  readInitialTheme,
  type Theme,
  type ThemeContextValue,
  ThemeProvider,
  useTheme,
} from './theme/theme-provider.tsx';
export { ThemeToggle, type ThemeToggleProps } from './theme/theme-toggle.tsx';
// Toasts
export {
  createToastId,
  type ToastAction,
  type ToastContextValue,
  type ToastId,
  type ToastOptions,
  type ToastPosition,
  ToastProvider,
  type ToastProviderProps,
  useToast,
} from './toast/toast-provider.tsx';
export { useErrorToast } from './toast/use-error-toast.ts';

/**
 * The design system. Import from here ('../../ui'), not from the files: this module also brings
 * the tokens and the layout helpers, which every component relies on.
 */
import './tokens.css';
import './layout.css';

export { Badge, type BadgeProps, type BadgeTone } from './Badge';
export { Banner, type BannerProps, type BannerTone } from './Banner';
export { BestBeforeBadge, type BestBeforeBadgeProps, type BestBeforeState } from './BestBeforeBadge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Card, type CardProps } from './Card';
export { CheckCircle, type CheckCircleProps } from './CheckCircle';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { cx } from './class-names';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { Field, type FieldControlProps, type FieldProps } from './Field';
export { IconButton, type IconButtonProps } from './IconButton';
export { Input, type InputProps } from './Input';
export { List, ListRow, type ListRowProps } from './ListRow';
export { MoneyInput, parseMoney, type MoneyInputProps } from './MoneyInput';
export { ModeTiles, type ModeTile, type ModeTilesProps } from './ModeTiles';
export { SegmentedControl, type SegmentedControlProps, type SegmentedOption } from './SegmentedControl';
export { Select, type SelectProps } from './Select';
export { Sheet, type SheetProps } from './Sheet';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Spinner, type SpinnerProps } from './Spinner';
export { Stepper, type StepperProps } from './Stepper';
export { Textarea, type TextareaProps } from './Textarea';
export {
  applyStoredTheme,
  applyTheme,
  readThemePreference,
  resolveTheme,
  setThemePreference,
  THEME_STORAGE_KEY,
  useTheme,
  type ThemePreference,
} from './theme';
export { Thumbnail, type ThumbnailProps, type ThumbnailSize } from './Thumbnail';
export { ToastProvider, useToast, type ToastApi, type ToastOptions, type ToastProviderProps } from './Toast';

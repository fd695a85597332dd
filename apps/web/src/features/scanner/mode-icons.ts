import type { LucideIcon } from 'lucide-react';
import PackageMinus from 'lucide-react/icons/package-minus';
import PackageOpen from 'lucide-react/icons/package-open';
import PackagePlus from 'lucide-react/icons/package-plus';
import ScanSearch from 'lucide-react/icons/scan-search';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import type { ScanMode } from './offline-queue';

/** The scan modes in the order the screen offers them. */
export const MODES: readonly ScanMode[] = ['identify', 'add', 'consume', 'open', 'shopping'];

/** One icon per mode, the same on the mode tiles and in the review. */
export const MODE_ICONS: Record<ScanMode, LucideIcon> = {
  identify: ScanSearch,
  add: PackagePlus,
  consume: PackageMinus,
  open: PackageOpen,
  shopping: ShoppingCart,
};

import type { LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import House from 'lucide-react/icons/house';
import Package from 'lucide-react/icons/package';
import ReceiptText from 'lucide-react/icons/receipt-text';
import ScanBarcode from 'lucide-react/icons/scan-barcode';
import Settings from 'lucide-react/icons/settings';
import Wallet from 'lucide-react/icons/wallet';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { paths } from './paths';

export interface NavigationItem {
  path: string;
  label: 'nav.home' | 'nav.scan' | 'nav.stock' | 'nav.shopping' | 'nav.catalog' | 'nav.receipts' | 'nav.budget' | 'nav.settings';
  icon: LucideIcon;
  /** Other paths that belong to this item (a product page belongs to stock). */
  also?: RegExp;
  /** Only in the desktop sidebar; phones reach it from another screen. */
  wideOnly?: boolean;
}

export const NAVIGATION: NavigationItem[] = [
  { path: paths.home, label: 'nav.home', icon: House },
  { path: paths.scan, label: 'nav.scan', icon: ScanBarcode },
  { path: paths.stock, label: 'nav.stock', icon: Package, also: /^\/products\// },
  { path: paths.shopping, label: 'nav.shopping', icon: ShoppingCart },
  { path: paths.catalog, label: 'nav.catalog', icon: BookOpen, wideOnly: true },
  { path: paths.receipts, label: 'nav.receipts', icon: ReceiptText, also: /^\/receipts\//, wideOnly: true },
  { path: paths.budget, label: 'nav.budget', icon: Wallet, wideOnly: true },
  { path: paths.settings, label: 'nav.settings', icon: Settings, also: /^\/settings\// },
];

export const isCurrent = (item: NavigationItem, location: string): boolean => location === item.path || (item.also?.test(location) ?? false);

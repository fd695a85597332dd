import type { MigrationInterface } from 'typeorm';
import { Foundation1795306324022 } from './1795306324022-foundation.js';
import { Identity1795308003537 } from './1795308003537-identity.js';
import { Passkeys1795308198283 } from './1795308198283-passkeys.js';
import { Catalog1795309384592 } from './1795309384592-catalog.js';
import { StockMovements1795309557317 } from './1795309557317-stock-movements.js';
import { StockMovementsAppendOnly1795309558329 } from './1795309558329-stock-movements-append-only.js';
import { StockCounts1795309619109 } from './1795309619109-stock-counts.js';
import { ShoppingList1795309715736 } from './1795309715736-shopping-list.js';
import { Scanning1795310191234 } from './1795310191234-scanning.js';
import { Receipts1795314910690 } from './1795314910690-receipts.js';
import { StockActions1795439875240 } from './1795439875240-stock-actions.js';
import { ShoppingMutations1795440881212 } from './1795440881212-shopping-mutations.js';
import { Settings1795443642638 } from './1795443642638-settings.js';
import { ReceiptFiles1795444709934 } from './1795444709934-receipt-files.js';
import { ReceiptMappings1795452164926 } from './1795452164926-receipt-mappings.js';
import { ReceiptImport1795452259752 } from './1795452259752-receipt-import.js';
import { BudgetSettings1795460000000 } from './1795460000000-budget-settings.js';
import { Notifications1795480000000 } from './1795480000000-notifications.js';
import { ScanStationName1795500000000 } from './1795500000000-scan-station-name.js';
import { ApiTokenStation1795520000000 } from './1795520000000-api-token-station.js';
import { ReceiptCorrections1795520000000 } from './1795520000000-receipt-corrections.js';
import { PrivacyAuditActions1795530000000 } from './1795530000000-privacy-audit-actions.js';
import { RecoveryCodesNeedTotp1795610000000 } from './1795610000000-recovery-codes-need-totp.js';
import { SignInBookkeeping1795636598868 } from './1795636598868-sign-in-bookkeeping.js';
import { ShoppingTrips1795636641144 } from './1795636641144-shopping-trips.js';
import { ScanDraftPartialIndexes1795650000000 } from './1795650000000-scan-draft-partial-indexes.js';

/** Committed migrations, oldest first. Generate new ones with `pnpm nx run api:migration-generate --args=<Name>`. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  Foundation1795306324022,
  Identity1795308003537,
  Passkeys1795308198283,
  Catalog1795309384592,
  StockMovements1795309557317,
  StockMovementsAppendOnly1795309558329,
  StockCounts1795309619109,
  ShoppingList1795309715736,
  Scanning1795310191234,
  Receipts1795314910690,
  StockActions1795439875240,
  ShoppingMutations1795440881212,
  Settings1795443642638,
  ReceiptFiles1795444709934,
  ReceiptMappings1795452164926,
  ReceiptImport1795452259752,
  BudgetSettings1795460000000,
  Notifications1795480000000,
  ScanStationName1795500000000,
  ApiTokenStation1795520000000,
  ReceiptCorrections1795520000000,
  PrivacyAuditActions1795530000000,
  RecoveryCodesNeedTotp1795610000000,
  SignInBookkeeping1795636598868,
  ShoppingTrips1795636641144,
  ScanDraftPartialIndexes1795650000000,
];

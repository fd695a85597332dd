import { BudgetSettingsEntity } from '../modules/budget/budget-settings.entity.js';
import { ApiTokenEntity } from '../modules/api-tokens/api-token.entity.js';
import { AuditEventEntity } from '../modules/audit/audit-event.entity.js';
import { HouseholdEntity } from '../modules/auth/household.entity.js';
import { LoginFailureEntity } from '../modules/auth/login-failure.entity.js';
import { MfaChallengeEntity } from '../modules/auth/mfa-challenge.entity.js';
import { PasskeyEntity } from '../modules/auth/passkey.entity.js';
import { RecoveryCodeEntity } from '../modules/auth/recovery-code.entity.js';
import { SessionEntity } from '../modules/auth/session.entity.js';
import { UserEntity } from '../modules/auth/user.entity.js';
import { WebAuthnChallengeEntity } from '../modules/auth/webauthn-challenge.entity.js';
import { BarcodeEntity } from '../modules/catalog/barcode.entity.js';
import { LocationEntity, ProductGroupEntity, QuantityUnitEntity } from '../modules/catalog/master-data/master-data.entity.js';
import { ProductEntity } from '../modules/catalog/product.entity.js';
import { VariantEntity } from '../modules/catalog/variant.entity.js';
import { ExternalRefEntity } from '../modules/open-food-facts/external-ref.entity.js';
import { ImportRunEntity } from '../modules/receipts/import-run.entity.js';
import { ReceiptItemEntity } from '../modules/receipts/receipt-item.entity.js';
import { ReceiptStoreMappingEntity } from '../modules/receipts/receipt-store-mapping.entity.js';
import { ProductAliasEntity } from '../modules/receipts/product-alias.entity.js';
import { ReceiptEntity } from '../modules/receipts/receipt.entity.js';
import { ScanDraftEntity } from '../modules/scans/scan-draft.entity.js';
import { ShoppingGenerationItemEntity, ShoppingGenerationRunEntity } from '../modules/shopping/shopping-generation.entity.js';
import { ShoppingItemEntity } from '../modules/shopping/shopping-item.entity.js';
import { ShoppingMutationEntity } from '../modules/shopping/shopping-mutation.entity.js';
import {
  ShoppingStoreEntity,
  ShoppingStorePlacementEntity,
  ShoppingTripCheckoffEntity,
  ShoppingTripEntity,
} from '../modules/shopping-trips/shopping-trip.entities.js';
import { StockActionEntity } from '../modules/stock/stock-action.entity.js';
import { StockCountLineEntity, StockCountSessionEntity } from '../modules/stock/stock-count.entity.js';
import { StockLotEntity } from '../modules/stock/stock-lot.entity.js';
import { StockMovementEntity } from '../modules/stock/stock-movement.entity.js';
import { ExperienceStateEntity } from '../modules/experience/experience-state.entity.js';
import { InvitationEntity } from '../modules/members/invitation.entity.js';
import { SettingsEntity } from '../modules/settings/settings.entity.js';
import {
  NotificationEventEntity,
  NotificationPreferencesEntity,
  NotificationServiceStateEntity,
  PushDeliveryEntity,
  PushSubscriptionEntity,
} from '../modules/notifications/notification.entities.js';

/** Every entity of the service. A new entity goes here and gets a committed migration. */
export const ENTITIES = [
  HouseholdEntity,
  UserEntity,
  SessionEntity,
  MfaChallengeEntity,
  LoginFailureEntity,
  RecoveryCodeEntity,
  PasskeyEntity,
  WebAuthnChallengeEntity,
  ApiTokenEntity,
  InvitationEntity,
  AuditEventEntity,
  ExperienceStateEntity,
  LocationEntity,
  QuantityUnitEntity,
  ProductGroupEntity,
  ProductEntity,
  VariantEntity,
  BarcodeEntity,
  StockLotEntity,
  StockMovementEntity,
  StockCountSessionEntity,
  StockCountLineEntity,
  StockActionEntity,
  ShoppingItemEntity,
  ShoppingGenerationRunEntity,
  ShoppingGenerationItemEntity,
  ShoppingMutationEntity,
  ShoppingStoreEntity,
  ShoppingTripEntity,
  ShoppingTripCheckoffEntity,
  ShoppingStorePlacementEntity,
  ScanDraftEntity,
  ExternalRefEntity,
  ReceiptEntity,
  ReceiptItemEntity,
  ImportRunEntity,
  ReceiptStoreMappingEntity,
  ProductAliasEntity,
  SettingsEntity,
  BudgetSettingsEntity,
  NotificationPreferencesEntity,
  PushSubscriptionEntity,
  NotificationEventEntity,
  PushDeliveryEntity,
  NotificationServiceStateEntity,
];

import { Module } from '@nestjs/common';
import { NotificationEvaluator } from './notification-evaluator.service.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';
import { PushDeliveryService } from './push-delivery.service.js';
import { VapidKeyStore } from './vapid-keys.js';

@Module({
  imports: [],
  controllers: [NotificationsController],
  providers: [VapidKeyStore, PushDeliveryService, NotificationEvaluator, NotificationsService],
})
export class NotificationsModule {}

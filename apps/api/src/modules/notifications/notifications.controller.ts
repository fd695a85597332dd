import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { MinRole, SessionOnly } from '../../common/access/access.decorators.js';
import { CurrentPrincipal } from '../../common/access/current-principal.decorator.js';
import type { Principal } from '../../common/access/principal.js';
import { ErrorResponse } from '../../common/errors/error-response.dto.js';
import { Client, type ClientContext } from '../../common/http/client-context.decorator.js';
import { SessionRevocationResponse } from '../auth/dto/auth.dto.js';
import {
  NotificationDeliveryResponse,
  NotificationPreferencesInput,
  NotificationStateResponse,
  NotificationTestInput,
  PushSubscriptionCreateInput,
  PushSubscriptionResponse,
} from './dto/notifications.dto.js';
import { NotificationsService } from './notifications.service.js';

@ApiTags('Notifications')
@SessionOnly()
// Every role, viewers included, manages its own notifications.
@MinRole('viewer')
@Controller('api/v1/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** The caller's preferences, devices, active event counts and the public application-server key. */
  @Get('state')
  getNotificationState(@CurrentPrincipal() principal: Principal): Promise<NotificationStateResponse> {
    return this.notifications.state(principal);
  }

  /** Replaces the caller's preferences; fields left out take their defaults. */
  @Put('preferences')
  updateNotificationPreferences(@CurrentPrincipal() principal: Principal, @Body() input: NotificationPreferencesInput): Promise<NotificationStateResponse> {
    return this.notifications.savePreferences(principal, input);
  }

  /** Registers this browser installation's push subscription, or refreshes a known one. */
  @Post('subscriptions')
  @HttpCode(200)
  @ApiResponse({ status: 409, description: 'The endpoint is registered to another member', type: ErrorResponse })
  registerPushSubscription(
    @CurrentPrincipal() principal: Principal,
    @Body() input: PushSubscriptionCreateInput,
    @Client() client: ClientContext,
  ): Promise<PushSubscriptionResponse> {
    return this.notifications.register(principal, input, client.userAgent);
  }

  /** Revokes one of the caller's devices; it receives nothing more. */
  @Delete('subscriptions/:subscription_id')
  @ApiResponse({ status: 404, description: 'No such device of the caller', type: ErrorResponse })
  revokePushSubscription(@CurrentPrincipal() principal: Principal, @Param('subscription_id') subscriptionId: string): Promise<SessionRevocationResponse> {
    return this.notifications.revoke(principal, subscriptionId);
  }

  /** Sends a visible test message to one of the caller's devices. */
  @Post('test')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'No such active device of the caller', type: ErrorResponse })
  sendTestNotification(@CurrentPrincipal() principal: Principal, @Body() input: NotificationTestInput): Promise<NotificationDeliveryResponse> {
    return this.notifications.test(principal, input);
  }
}

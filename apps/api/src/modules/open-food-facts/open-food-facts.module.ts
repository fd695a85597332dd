import { Module } from '@nestjs/common';
import { ExternalRefsService } from './external-refs.service.js';
import { OpenFoodFactsClient } from './open-food-facts.client.js';

@Module({ providers: [OpenFoodFactsClient, ExternalRefsService], exports: [OpenFoodFactsClient, ExternalRefsService] })
export class OpenFoodFactsModule {}

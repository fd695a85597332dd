import { Global, Module } from '@nestjs/common';
import { CredentialResolver } from '../../common/access/credential-resolver.js';
import { ApiTokensModule } from '../api-tokens/api-tokens.module.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { AuthCredentialResolver } from './credentials.resolver.js';
import { CredentialsRepository } from './credentials.repository.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { PasskeysService } from './passkeys.service.js';
import { SecondFactorService } from './second-factor.service.js';
import { SecurityController } from './security.controller.js';
import { SecurityService } from './security.service.js';
import { SessionsService } from './sessions.service.js';
import { SignInHousekeepingService } from './sign-in-housekeeping.service.js';

/** Accounts, sessions and the second factor; provides the credential resolver the access guard uses. */
@Global()
@Module({
  imports: [ApiTokensModule, CatalogModule],
  controllers: [AuthController, SecurityController],
  providers: [
    AuthService,
    SessionsService,
    LoginThrottleService,
    SecondFactorService,
    SecurityService,
    PasskeysService,
    SignInHousekeepingService,
    CredentialsRepository,
    { provide: CredentialResolver, useClass: AuthCredentialResolver },
  ],
  exports: [CredentialResolver, SessionsService, AuthService, LoginThrottleService],
})
export class AuthModule {}

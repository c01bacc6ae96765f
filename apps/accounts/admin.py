from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from apps.accounts.models import User


@admin.register(User)
class CivitasUserAdmin(UserAdmin):
    list_display = ("username", "is_guest", "is_staff", "is_active", "date_joined")
    list_filter = ("is_guest", "is_staff", "is_active")
    fieldsets = UserAdmin.fieldsets + (("Civitas", {"fields": ("is_guest",)}),)

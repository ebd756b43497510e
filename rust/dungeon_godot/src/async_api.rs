//! [`async_api!`]: the Godot methods every class with async requests has
//! (the generators' `generate_async` and `DungeonNavigation`'s builds).

/// Declares the methods that follow and stop a class's async requests:
/// `cancel`, `cancel_request`, the busy check (`is_generating` on a
/// generator, `is_building` on `DungeonNavigation`),
/// `get_stopping_count`, `poll_async` and `wait_async`, in a secondary
/// `#[godot_api]` block.
///
/// Each method is listed with its doc comment, which Godot's editor help
/// shows (so every class words them for its own requests):
///
/// ```ignore
/// async_api! {
///     impl DungeonNavigation {
///         /// Cancels every pending async request.
///         fn cancel;
///         /// Cancels the async request [param request].
///         fn cancel_request;
///         /// [code]true[/code] while an async request is pending.
///         fn is_building;
///         /// How many cancelled requests are still running.
///         fn get_stopping_count;
///         /// Delivers the finished async requests now.
///         fn poll_async;
///         /// Blocks until every pending async request has finished.
///         fn wait_async;
///     }
/// }
/// ```
///
/// The class needs a `jobs: async_gen::Jobs<T>` field and a method
/// `fn deliver_async(&mut self, finished: async_gen::Finished<T>)` that
/// emits the finished requests' signals; once none is pending, these
/// methods stop following the frames. `get_progress` is not among them: a
/// property getter (the `progress` property) must be in the class's
/// primary `#[godot_api]` block.
macro_rules! async_api {
    (
        impl $name:ident {
            $(#[$($cancel_doc:tt)*])*
            fn cancel;
            $(#[$($cancel_request_doc:tt)*])*
            fn cancel_request;
            $(#[$($busy_doc:tt)*])*
            fn $busy:ident;
            $(#[$($stopping_doc:tt)*])*
            fn get_stopping_count;
            $(#[$($poll_doc:tt)*])*
            fn poll_async;
            $(#[$($wait_doc:tt)*])*
            fn wait_async;
        }
    ) => {
        #[::godot::register::godot_api(secondary)]
        impl $name {
            $(#[$($cancel_doc)*])*
            #[func]
            fn cancel(&mut self) -> i64 {
                let n = self.jobs.cancel();
                self.unfollow_when_idle();
                n as i64
            }

            $(#[$($cancel_request_doc)*])*
            #[func]
            fn cancel_request(&mut self, request: i64) -> bool {
                let found = self.jobs.cancel_one(request);
                self.unfollow_when_idle();
                found
            }

            $(#[$($busy_doc)*])*
            #[func]
            fn $busy(&self) -> bool {
                self.jobs.busy()
            }

            $(#[$($stopping_doc)*])*
            #[func]
            fn get_stopping_count(&mut self) -> i64 {
                self.jobs.stopping() as i64
            }

            $(#[$($poll_doc)*])*
            #[func]
            fn poll_async(&mut self) {
                let finished = self.jobs.take_finished();
                self.deliver_async(finished);
                self.unfollow_when_idle();
            }

            $(#[$($wait_doc)*])*
            #[func]
            fn wait_async(&mut self) {
                let finished = self.jobs.wait_all();
                self.deliver_async(finished);
                self.unfollow_when_idle();
            }
        }

        impl $name {
            /// Stops calling `poll_async` every frame once no request is
            /// pending (a signal handler may have made a new one).
            fn unfollow_when_idle(&self) {
                if !self.jobs.busy() {
                    let this = self.to_gd().upcast::<::godot::prelude::Object>();
                    $crate::async_gen::follow_frames(&this, "poll_async", false);
                }
            }
        }
    };
}
pub(crate) use async_api;

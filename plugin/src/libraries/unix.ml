(* egret's implementation of OCaml's Unix library (OCaml 4.13's otherlibs/unix), compiled
   against the installation's own unix.mli (plugin/src/libraries.rs): the types are the
   interface's, the values are externals of the C primitives of runtime/egret_unix.c, under
   OCaml's names (`unix_stat`), or OCaml code over them.

   Invariants: a value of unix.mli this file does not define is one egret does not provide
   yet (sockets, open_process, LargeFile, ...): the interface it is compiled against is
   unix.mli without those values (typing/prelude.rs), so a program using one is rejected at
   compile time, naming it, never given a stub. Every external here is implemented by the
   runtime: the code of this file calls only those. *)

type error =
    E2BIG
  | EACCES
  | EAGAIN
  | EBADF
  | EBUSY
  | ECHILD
  | EDEADLK
  | EDOM
  | EEXIST
  | EFAULT
  | EFBIG
  | EINTR
  | EINVAL
  | EIO
  | EISDIR
  | EMFILE
  | EMLINK
  | ENAMETOOLONG
  | ENFILE
  | ENODEV
  | ENOENT
  | ENOEXEC
  | ENOLCK
  | ENOMEM
  | ENOSPC
  | ENOSYS
  | ENOTDIR
  | ENOTEMPTY
  | ENOTTY
  | ENXIO
  | EPERM
  | EPIPE
  | ERANGE
  | EROFS
  | ESPIPE
  | ESRCH
  | EXDEV
  | EWOULDBLOCK
  | EINPROGRESS
  | EALREADY
  | ENOTSOCK
  | EDESTADDRREQ
  | EMSGSIZE
  | EPROTOTYPE
  | ENOPROTOOPT
  | EPROTONOSUPPORT
  | ESOCKTNOSUPPORT
  | EOPNOTSUPP
  | EPFNOSUPPORT
  | EAFNOSUPPORT
  | EADDRINUSE
  | EADDRNOTAVAIL
  | ENETDOWN
  | ENETUNREACH
  | ENETRESET
  | ECONNABORTED
  | ECONNRESET
  | ENOBUFS
  | EISCONN
  | ENOTCONN
  | ESHUTDOWN
  | ETOOMANYREFS
  | ETIMEDOUT
  | ECONNREFUSED
  | EHOSTDOWN
  | EHOSTUNREACH
  | ELOOP
  | EOVERFLOW
  | EUNKNOWNERR of int
exception Unix_error of error * string * string

(* The C primitives raise Unix_error through this registration (egret_unix.c), as OCaml's. *)
let _ = Callback.register_exception "Unix.Unix_error" (Unix_error (E2BIG, "", ""))
external error_message : error -> string = "unix_error_message"

let () =
  Printexc.register_printer
    (function
      | Unix_error (e, s, s') ->
          let msg = match e with
          | E2BIG -> "E2BIG"
          | EACCES -> "EACCES"
          | EAGAIN -> "EAGAIN"
          | EBADF -> "EBADF"
          | EBUSY -> "EBUSY"
          | ECHILD -> "ECHILD"
          | EDEADLK -> "EDEADLK"
          | EDOM -> "EDOM"
          | EEXIST -> "EEXIST"
          | EFAULT -> "EFAULT"
          | EFBIG -> "EFBIG"
          | EINTR -> "EINTR"
          | EINVAL -> "EINVAL"
          | EIO -> "EIO"
          | EISDIR -> "EISDIR"
          | EMFILE -> "EMFILE"
          | EMLINK -> "EMLINK"
          | ENAMETOOLONG -> "ENAMETOOLONG"
          | ENFILE -> "ENFILE"
          | ENODEV -> "ENODEV"
          | ENOENT -> "ENOENT"
          | ENOEXEC -> "ENOEXEC"
          | ENOLCK -> "ENOLCK"
          | ENOMEM -> "ENOMEM"
          | ENOSPC -> "ENOSPC"
          | ENOSYS -> "ENOSYS"
          | ENOTDIR -> "ENOTDIR"
          | ENOTEMPTY -> "ENOTEMPTY"
          | ENOTTY -> "ENOTTY"
          | ENXIO -> "ENXIO"
          | EPERM -> "EPERM"
          | EPIPE -> "EPIPE"
          | ERANGE -> "ERANGE"
          | EROFS -> "EROFS"
          | ESPIPE -> "ESPIPE"
          | ESRCH -> "ESRCH"
          | EXDEV -> "EXDEV"
          | EWOULDBLOCK -> "EWOULDBLOCK"
          | EINPROGRESS -> "EINPROGRESS"
          | EALREADY -> "EALREADY"
          | ENOTSOCK -> "ENOTSOCK"
          | EDESTADDRREQ -> "EDESTADDRREQ"
          | EMSGSIZE -> "EMSGSIZE"
          | EPROTOTYPE -> "EPROTOTYPE"
          | ENOPROTOOPT -> "ENOPROTOOPT"
          | EPROTONOSUPPORT -> "EPROTONOSUPPORT"
          | ESOCKTNOSUPPORT -> "ESOCKTNOSUPPORT"
          | EOPNOTSUPP -> "EOPNOTSUPP"
          | EPFNOSUPPORT -> "EPFNOSUPPORT"
          | EAFNOSUPPORT -> "EAFNOSUPPORT"
          | EADDRINUSE -> "EADDRINUSE"
          | EADDRNOTAVAIL -> "EADDRNOTAVAIL"
          | ENETDOWN -> "ENETDOWN"
          | ENETUNREACH -> "ENETUNREACH"
          | ENETRESET -> "ENETRESET"
          | ECONNABORTED -> "ECONNABORTED"
          | ECONNRESET -> "ECONNRESET"
          | ENOBUFS -> "ENOBUFS"
          | EISCONN -> "EISCONN"
          | ENOTCONN -> "ENOTCONN"
          | ESHUTDOWN -> "ESHUTDOWN"
          | ETOOMANYREFS -> "ETOOMANYREFS"
          | ETIMEDOUT -> "ETIMEDOUT"
          | ECONNREFUSED -> "ECONNREFUSED"
          | EHOSTDOWN -> "EHOSTDOWN"
          | EHOSTUNREACH -> "EHOSTUNREACH"
          | ELOOP -> "ELOOP"
          | EOVERFLOW -> "EOVERFLOW"
          | EUNKNOWNERR x -> Printf.sprintf "EUNKNOWNERR %d" x in
          Some (Printf.sprintf "Unix.Unix_error(Unix.%s, %S, %S)" msg s s')
      | _ -> None)
let handle_unix_error f arg =
  try f arg
  with Unix_error (err, fun_name, arg) ->
    prerr_string Sys.argv.(0);
    prerr_string ": \"";
    prerr_string fun_name;
    prerr_string "\" failed";
    if String.length arg > 0 then begin
      prerr_string " on \"";
      prerr_string arg;
      prerr_string "\""
    end;
    prerr_string ": ";
    prerr_endline (error_message err);
    exit 2
external environment : unit -> string array
  = "unix_environment"
external unsafe_environment : unit -> string array
  = "unix_environment"
external getenv : string -> string
  = "caml_sys_getenv"
external unsafe_getenv : string -> string
  = "caml_sys_getenv"
external putenv : string -> string -> unit
  = "unix_putenv"
type process_status =
    WEXITED of int
  | WSIGNALED of int
  | WSTOPPED of int
type wait_flag =
    WNOHANG
  | WUNTRACED
external execv : string -> string array -> 'a
  = "unix_execv"
external execve : string -> string array -> string array -> 'a
  = "unix_execve"
external execvp : string -> string array -> 'a
  = "unix_execvp"
external fork : unit -> int
  = "unix_fork"
external wait : unit -> int * process_status
  = "unix_wait"
external waitpid : wait_flag list -> int -> int * process_status
  = "unix_waitpid"
external spawn : string -> string array -> string array option -> bool -> int array -> int
  = "unix_spawn"
let rec waitpid_non_intr pid =
  try waitpid [] pid with Unix_error (EINTR, _, _) -> waitpid_non_intr pid
let system cmd =
  let pid = spawn "/bin/sh" [| "/bin/sh"; "-c"; cmd |] None false [| 0; 1; 2 |] in
  snd (waitpid_non_intr pid)
external _exit : int -> 'a
  = "unix_exit"
external getpid : unit -> int
  = "unix_getpid"
external getppid : unit -> int
  = "unix_getppid"
type file_descr = int
let stdin = 0
let stdout = 1
let stderr = 2
type open_flag =
    O_RDONLY
  | O_WRONLY
  | O_RDWR
  | O_NONBLOCK
  | O_APPEND
  | O_CREAT
  | O_TRUNC
  | O_EXCL
  | O_NOCTTY
  | O_DSYNC
  | O_SYNC
  | O_RSYNC
  | O_SHARE_DELETE
  | O_CLOEXEC
  | O_KEEPEXEC
type file_perm = int
external openfile : string -> open_flag list -> file_perm -> file_descr = "unix_open"
external close : file_descr -> unit
  = "unix_close"
external unsafe_read : file_descr -> bytes -> int -> int -> int = "unix_read"
let read fd buf ofs len =
  if ofs < 0 || len < 0 || ofs > Bytes.length buf - len then invalid_arg "Unix.read"
  else unsafe_read fd buf ofs len
external unsafe_write : file_descr -> bytes -> int -> int -> int = "unix_write"
let write fd buf ofs len =
  if ofs < 0 || len < 0 || ofs > Bytes.length buf - len then invalid_arg "Unix.write"
  else unsafe_write fd buf ofs len
external unsafe_single_write : file_descr -> bytes -> int -> int -> int = "unix_single_write"
let single_write fd buf ofs len =
  if ofs < 0 || len < 0 || ofs > Bytes.length buf - len then invalid_arg "Unix.single_write"
  else unsafe_single_write fd buf ofs len
let write_substring fd buf ofs len = write fd (Bytes.unsafe_of_string buf) ofs len
let single_write_substring fd buf ofs len =
  single_write fd (Bytes.unsafe_of_string buf) ofs len
external in_channel_of_descr : file_descr -> in_channel
  = "unix_inchannel_of_filedescr"
external out_channel_of_descr : file_descr -> out_channel
  = "unix_outchannel_of_filedescr"
type seek_command =
    SEEK_SET
  | SEEK_CUR
  | SEEK_END
external lseek : file_descr -> int -> seek_command -> int
  = "unix_lseek"
external truncate : string -> int -> unit
  = "unix_truncate"
external ftruncate : file_descr -> int -> unit
  = "unix_ftruncate"
type file_kind =
    S_REG
  | S_DIR
  | S_CHR
  | S_BLK
  | S_LNK
  | S_FIFO
  | S_SOCK
type stats =
  { st_dev : int;
    st_ino : int;
    st_kind : file_kind;
    st_perm : file_perm;
    st_nlink : int;
    st_uid : int;
    st_gid : int;
    st_rdev : int;
    st_size : int;
    st_atime : float;
    st_mtime : float;
    st_ctime : float;
  }
external stat : string -> stats
  = "unix_stat"
external lstat : string -> stats
  = "unix_lstat"
external fstat : file_descr -> stats
  = "unix_fstat"
external isatty : file_descr -> bool
  = "unix_isatty"
external unlink : string -> unit
  = "unix_unlink"
external rename : string -> string -> unit
  = "unix_rename"
type access_permission =
    R_OK
  | W_OK
  | X_OK
  | F_OK
external chmod : string -> file_perm -> unit
  = "unix_chmod"
external umask : int -> int
  = "unix_umask"
external access : string -> access_permission list -> unit
  = "unix_access"
external dup_ : bool option -> file_descr -> file_descr = "unix_dup"
let dup ?cloexec fd = dup_ cloexec fd
external dup2_ : bool option -> file_descr -> file_descr -> unit = "unix_dup2"
let dup2 ?cloexec fd1 fd2 = dup2_ cloexec fd1 fd2
external mkdir : string -> file_perm -> unit
  = "unix_mkdir"
external rmdir : string -> unit
  = "unix_rmdir"
external chdir : string -> unit
  = "unix_chdir"
external getcwd : unit -> string
  = "unix_getcwd"
type dir_handle
external opendir : string -> dir_handle
  = "unix_opendir"
external readdir : dir_handle -> string
  = "unix_readdir"
external rewinddir : dir_handle -> unit
  = "unix_rewinddir"
external closedir : dir_handle -> unit
  = "unix_closedir"
external pipe_ : bool option -> unit -> file_descr * file_descr = "unix_pipe"
let pipe ?cloexec () = pipe_ cloexec ()
external readlink : string -> string
  = "unix_readlink"
type lock_command =
    F_ULOCK
  | F_LOCK
  | F_TLOCK
  | F_TEST
  | F_RLOCK
  | F_TRLOCK
external kill : int -> int -> unit
  = "unix_kill"
type sigprocmask_command =
    SIG_SETMASK
  | SIG_BLOCK
  | SIG_UNBLOCK
type process_times =
  { tms_utime : float;
    tms_stime : float;
    tms_cutime : float;
    tms_cstime : float;
  }
type tm =
  { tm_sec : int;
    tm_min : int;
    tm_hour : int;
    tm_mday : int;
    tm_mon : int;
    tm_year : int;
    tm_wday : int;
    tm_yday : int;
    tm_isdst : bool;
  }
external time : unit -> float = "unix_time"
external gettimeofday : unit -> float = "unix_gettimeofday"
external gmtime : float -> tm
  = "unix_gmtime"
external localtime : float -> tm
  = "unix_localtime"
external mktime : tm -> float * tm
  = "unix_mktime"
external alarm : int -> int
  = "unix_alarm"
external sleepf : float -> unit = "unix_sleep"
let sleep duration = sleepf (float duration)
external times : unit -> process_times
  = "unix_times"
type interval_timer =
    ITIMER_REAL
  | ITIMER_VIRTUAL
  | ITIMER_PROF
type interval_timer_status =
  { it_interval : float;
    it_value : float;
  }
external getuid : unit -> int
  = "unix_getuid"
external geteuid : unit -> int
  = "unix_geteuid"
external getgid : unit -> int
  = "unix_getgid"
external getegid : unit -> int
  = "unix_getegid"
type passwd_entry =
  { pw_name : string;
    pw_passwd : string;
    pw_uid : int;
    pw_gid : int;
    pw_gecos : string;
    pw_dir : string;
    pw_shell : string
  }
type group_entry =
  { gr_name : string;
    gr_passwd : string;
    gr_gid : int;
    gr_mem : string array
  }
type inet_addr = string
let inet_addr_any = "\000\000\000\000"
let inet_addr_loopback = "\127\000\000\001"
let inet6_addr_any = String.make 16 '\000'
let inet6_addr_loopback = String.make 15 '\000' ^ "\001"
type socket_domain =
    PF_UNIX
  | PF_INET
  | PF_INET6
type socket_type =
    SOCK_STREAM
  | SOCK_DGRAM
  | SOCK_RAW
  | SOCK_SEQPACKET
type sockaddr =
    ADDR_UNIX of string
  | ADDR_INET of inet_addr * int
type shutdown_command =
    SHUTDOWN_RECEIVE
  | SHUTDOWN_SEND
  | SHUTDOWN_ALL
type msg_flag =
    MSG_OOB
  | MSG_DONTROUTE
  | MSG_PEEK
type socket_bool_option =
    SO_DEBUG
  | SO_BROADCAST
  | SO_REUSEADDR
  | SO_KEEPALIVE
  | SO_DONTROUTE
  | SO_OOBINLINE
  | SO_ACCEPTCONN
  | TCP_NODELAY
  | IPV6_ONLY
  | SO_REUSEPORT
type socket_int_option =
    SO_SNDBUF
  | SO_RCVBUF
  | SO_ERROR
  | SO_TYPE
  | SO_RCVLOWAT
  | SO_SNDLOWAT
type socket_optint_option =
  SO_LINGER
type socket_float_option =
    SO_RCVTIMEO
  | SO_SNDTIMEO
type host_entry =
  { h_name : string;
    h_aliases : string array;
    h_addrtype : socket_domain;
    h_addr_list : inet_addr array
  }
type protocol_entry =
  { p_name : string;
    p_aliases : string array;
    p_proto : int
  }
type service_entry =
  { s_name : string;
    s_aliases : string array;
    s_port : int;
    s_proto : string
  }
external gethostname : unit -> string
  = "unix_gethostname"
type addr_info =
  { ai_family : socket_domain;
    ai_socktype : socket_type;
    ai_protocol : int;
    ai_addr : sockaddr;
    ai_canonname : string
  }
type getaddrinfo_option =
    AI_FAMILY of socket_domain
  | AI_SOCKTYPE of socket_type
  | AI_PROTOCOL of int
  | AI_NUMERICHOST
  | AI_CANONNAME
  | AI_PASSIVE
type name_info =
  { ni_hostname : string;
    ni_service : string;
  }
type getnameinfo_option =
    NI_NOFQDN
  | NI_NUMERICHOST
  | NI_NAMEREQD
  | NI_NUMERICSERV
  | NI_DGRAM
type terminal_io =
  {
    mutable c_ignbrk : bool;
    mutable c_brkint : bool;
    mutable c_ignpar : bool;
    mutable c_parmrk : bool;
    mutable c_inpck : bool;
    mutable c_istrip : bool;
    mutable c_inlcr : bool;
    mutable c_igncr : bool;
    mutable c_icrnl : bool;
    mutable c_ixon : bool;
    mutable c_ixoff : bool;
    mutable c_opost : bool;
    mutable c_obaud : int;
    mutable c_ibaud : int;
    mutable c_csize : int;
    mutable c_cstopb : int;
    mutable c_cread : bool;
    mutable c_parenb : bool;
    mutable c_parodd : bool;
    mutable c_hupcl : bool;
    mutable c_clocal : bool;
    mutable c_isig : bool;
    mutable c_icanon : bool;
    mutable c_noflsh : bool;
    mutable c_echo : bool;
    mutable c_echoe : bool;
    mutable c_echok : bool;
    mutable c_echonl : bool;
    mutable c_vintr : char;
    mutable c_vquit : char;
    mutable c_verase : char;
    mutable c_vkill : char;
    mutable c_veof : char;
    mutable c_veol : char;
    mutable c_vmin : int;
    mutable c_vtime : int;
    mutable c_vstart : char;
    mutable c_vstop : char;
  }
type setattr_when =
    TCSANOW
  | TCSADRAIN
  | TCSAFLUSH
type flush_queue =
    TCIFLUSH
  | TCOFLUSH
  | TCIOFLUSH
type flow_action =
    TCOOFF
  | TCOON
  | TCIOFF
  | TCION
